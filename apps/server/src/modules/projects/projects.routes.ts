import { z } from 'zod';
import {
  createProjectSchema,
  idParamSchema,
  pageSchema,
  projectDeletedSchema,
  projectSchema,
  researchTeamMemberSchema,
  saveResearchTeamSchema,
  updateProjectSchema,
} from '@rrp/domain';
import { allow, route, routes } from '../../platform/http/route';
import { detailQuerySchema, listQuerySchema, parseExpand, toPage } from '../../platform/list';
import { projectList, teamList } from './projects.lists';
import type { ProjectsService } from './projects.service';

export const projectsRoutes = routes<{ projects: ProjectsService }>(['projects'], ({ projects }) => [
  route({
    method: 'GET',
    url: '/api/project/',
    access: allow('list', 'Project'),
    query: listQuerySchema(projectList),
    response: pageSchema(projectSchema),
    handle: async ({ actor, query, request }) => {
      const { list, count, results } = await projects.list(actor, query);
      return toPage(request, list, count, results);
    },
  }),
  route({
    method: 'POST',
    url: '/api/project/',
    access: allow('create', 'Project'),
    idempotent: true,
    query: detailQuerySchema,
    body: createProjectSchema,
    status: 201,
    response: projectSchema,
    handle: ({ actor, query, body, request }) =>
      projects.create(actor, body, parseExpand(projectList, query.expand), request.idempotencyClaim),
  }),
  route({
    method: 'GET',
    url: '/api/project/:id/',
    access: allow('read', 'Project'),
    params: idParamSchema,
    query: detailQuerySchema,
    response: projectSchema,
    handle: ({ actor, params, query }) =>
      projects.get(actor, params.id, parseExpand(projectList, query.expand)),
  }),
  route({
    method: 'PATCH',
    url: '/api/project/:id/',
    access: allow('update', 'Project'),
    params: idParamSchema,
    query: detailQuerySchema,
    body: updateProjectSchema,
    response: projectSchema,
    handle: ({ actor, params, query, body }) =>
      projects.update(actor, params.id, body, parseExpand(projectList, query.expand)),
  }),
  route({
    method: 'DELETE',
    url: '/api/project/:id/',
    description:
      '200 `{status: true, msg, data}` when deleted; 400 `{status: false, non_field_errors, data: {non_field_errors, requests}}` when approved, rejected or fulfilled requests block it (researcher §7, §8; docs/decisions.md 033).',
    access: allow('delete', 'Project'),
    params: idParamSchema,
    response: projectDeletedSchema,
    handle: ({ actor, params }) => projects.remove(actor, params.id),
  }),
  route({
    method: 'GET',
    url: '/api/research-team/',
    access: allow('list', 'ResearchTeam'),
    query: listQuerySchema(teamList),
    response: pageSchema(researchTeamMemberSchema),
    handle: async ({ actor, query, request }) => {
      const { list, count, results } = await projects.teamList(actor, query);
      return toPage(request, list, count, results);
    },
  }),
  route({
    method: 'GET',
    url: '/api/research-team/:id/',
    access: allow('read', 'ResearchTeam'),
    params: idParamSchema,
    query: detailQuerySchema,
    response: researchTeamMemberSchema,
    handle: ({ actor, params, query }) =>
      projects.teamMember(actor, params.id, parseExpand(teamList, query.expand)),
  }),
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
