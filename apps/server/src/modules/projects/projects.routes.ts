import { z } from 'zod';
import {
  createProjectSchema,
  projectDeletedSchema,
  projectSchema,
  researchTeamMemberSchema,
  saveResearchTeamSchema,
  updateProjectSchema,
} from '@rrp/domain';
import { allow, route, routes } from '../../platform/http/route';
import { objectRoutes } from '../../platform/list';
import { projectList, teamList } from './projects.lists';
import { projectVersion } from './projects-read.repo';
import type { ProjectsService } from './projects.service';

const project = objectRoutes('/api/project/', 'Project', projectSchema, projectList, projectVersion);
const teamMember = objectRoutes('/api/research-team/', 'ResearchTeam', researchTeamMemberSchema, teamList);

export const projectsRoutes = routes<{ projects: ProjectsService }>(['projects'], ({ projects }) => [
  project.list({ list: projectList, load: ({ actor, query }) => projects.list(actor, query) }),
  project.create({
    idempotent: true,
    body: createProjectSchema,
    handle: ({ actor, body, expand, request }) =>
      projects.create(actor, body, expand, request.idempotencyClaim),
  }),
  project.read(({ actor, params, expand }) => projects.detail(actor, params.id, expand)),
  project.update({
    body: updateProjectSchema,
    handle: ({ actor, params, body, expand }) => projects.update(actor, params.id, body, expand),
  }),
  project.remove({
    description:
      '200 `{status: true, msg, data}` when deleted; 400 `{status: false, non_field_errors, data: {non_field_errors, requests}}` when approved, rejected or fulfilled requests block it (researcher §7, §8; docs/decisions.md 033).',
    response: projectDeletedSchema,
    handle: ({ actor, params }) => projects.remove(actor, params.id),
  }),
  teamMember.list({ list: teamList, load: ({ actor, query }) => projects.teamList(actor, query) }),
  teamMember.read(({ actor, params, expand }) => projects.teamMember(actor, params.id, expand)),
  route({
    method: 'POST',
    url: '/api/research-team/',
    summary:
      "Saves a project's whole team; answers its rows (200: a save replaces, it creates no one object).",
    access: allow('update', 'ResearchTeam'),
    body: saveResearchTeamSchema,
    response: z.array(researchTeamMemberSchema),
    handle: ({ actor, body }) => projects.saveTeam(actor, body),
  }),
]);
