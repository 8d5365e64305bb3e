/*
 * What the projects and requests modules both read of a project: whose a research-team row is
 * (SQL, in the repo), and how an IRB record is shown (the presenter). It sits below both, so that
 * neither imports the other for it; other modules reach it through this file.
 */
export { teamRowGivesAccess, teamRowIsUsers } from './project-facts.repo';
export { presentIrb } from './project-facts.presenter';
