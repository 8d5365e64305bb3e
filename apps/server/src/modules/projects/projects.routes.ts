import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { detailQuerySchema, listQuerySchema, parseExpand, toPage } from '../../platform/list';
import { projectList, teamList } from './projects.lists';
import type { ProjectsService } from './projects.service';

export const projectsRoutes: FastifyPluginAsyncZod<{ projects: ProjectsService }> = async (
  app,
  { projects },
) => {
  const tags = ['projects'];

  app.get(
    '/api/project/',
    {
      config: { access: { action: 'list', subject: 'Project' } },
      schema: {
        tags,
        querystring: listQuerySchema(projectList),
        response: { 200: pageSchema(projectSchema) },
      },
    },
    async (request) => {
      const { list, count, results } = await projects.list(request.actor!, request.query);
      return toPage(request, list, count, results);
    },
  );

  app.post(
    '/api/project/',
    {
      config: { access: { action: 'create', subject: 'Project' }, idempotent: true },
      schema: {
        tags,
        querystring: detailQuerySchema,
        body: createProjectSchema,
        response: { 201: projectSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await projects.create(
            request.actor!,
            request.body,
            parseExpand(projectList, request.query.expand),
            request.idempotencyClaim,
          ),
        ),
  );

  app.get(
    '/api/project/:id/',
    {
      config: { access: { action: 'read', subject: 'Project' } },
      schema: {
        tags,
        params: idParamSchema,
        querystring: detailQuerySchema,
        response: { 200: projectSchema },
      },
    },
    (request) =>
      projects.get(request.actor!, request.params.id, parseExpand(projectList, request.query.expand)),
  );

  app.patch(
    '/api/project/:id/',
    {
      config: { access: { action: 'update', subject: 'Project' } },
      schema: {
        tags,
        params: idParamSchema,
        querystring: detailQuerySchema,
        body: updateProjectSchema,
        response: { 200: projectSchema },
      },
    },
    (request) =>
      projects.update(
        request.actor!,
        request.params.id,
        request.body,
        parseExpand(projectList, request.query.expand),
      ),
  );

  /**
   * 200 `{status: true, msg, data}` when deleted; 400 `{status: false, non_field_errors, data:
   * {non_field_errors, requests}}` when approved, rejected or fulfilled requests block it
   * (researcher §7, §8; docs/decisions.md 033).
   */
  app.delete(
    '/api/project/:id/',
    {
      config: { access: { action: 'delete', subject: 'Project' } },
      schema: { tags, params: idParamSchema, response: { 200: projectDeletedSchema } },
    },
    (request) => projects.remove(request.actor!, request.params.id),
  );

  app.get(
    '/api/research-team/',
    {
      config: { access: { action: 'list', subject: 'ResearchTeam' } },
      schema: {
        tags,
        querystring: listQuerySchema(teamList),
        response: { 200: pageSchema(researchTeamMemberSchema) },
      },
    },
    async (request) => {
      const { list, count, results } = await projects.teamList(request.actor!, request.query);
      return toPage(request, list, count, results);
    },
  );

  app.get(
    '/api/research-team/:id/',
    {
      config: { access: { action: 'read', subject: 'ResearchTeam' } },
      schema: {
        tags,
        params: idParamSchema,
        querystring: detailQuerySchema,
        response: { 200: researchTeamMemberSchema },
      },
    },
    (request) =>
      projects.teamMember(request.actor!, request.params.id, parseExpand(teamList, request.query.expand)),
  );

  /** Saves a project's whole team; answers its rows (200: a save replaces, it creates no one object). */
  app.post(
    '/api/research-team/',
    {
      config: { access: { action: 'update', subject: 'ResearchTeam' } },
      schema: { tags, body: saveResearchTeamSchema, response: { 200: z.array(researchTeamMemberSchema) } },
    },
    (request) => projects.saveTeam(request.actor!, request.body),
  );
};
