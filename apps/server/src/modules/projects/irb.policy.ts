import { can, irbDataSchema, PROJECT_MESSAGES, type Actor } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { ForbiddenError, ValidationError } from '../../platform/http/errors';
import { parseOrThrow } from '../../platform/http/validate';
import type { FileRow, FileTypePolicy, FilesService } from '../files/files.service';
import { subjectOfView, type ProjectSubject } from './projects.presenter';
import * as repo from './projects.repo';
import { irbFilesReadableBy } from './project-access.repo';
import { recordProjectHistory } from './projects.history';
import { promotePendingTeams } from '../requests/pending-team.service';

const PDF = 'application/pdf';

/** The metadata of an IRB: sent as an object, or as JSON text in a multipart form. */
function irbInput(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw new ValidationError({ additional_data: ['Enter valid JSON.'] });
  }
}

/**
 * The IRB record as a file type (researcher §3, §5): reading one follows its project (owner,
 * team members, staff); uploading one needs update rights on the project (its owner, admins) —
 * or, before the project exists, the right to create projects; only PDFs, with the IRB form's
 * rules. An upload for a project becomes its latest IRB, in the upload's transaction.
 */
export function irbPolicy(filesService: FilesService): FileTypePolicy {
  async function subjectOf(tx: DbOrTx, file: FileRow, actor: Actor): Promise<ProjectSubject> {
    if (file.projectId !== null) {
      const view = await repo.findProject(tx, file.projectId, actor.userId);
      if (view) return subjectOfView(view, actor);
    }
    // Uploaded just before its project: only its uploader (and staff) see it.
    const uploader = file.creatorId ?? 0;
    return { ownerId: uploader, teamMemberIds: [uploader], reviewerIds: [] };
  }

  /** Records the change of a project's IRB in the project's own history (its audit trail). */
  async function withProjectHistory<T>(tx: DbOrTx, actor: Actor, projectId: number, write: () => Promise<T>) {
    const before = await repo.projectSnapshot(tx, projectId);
    const result = await write();
    await recordProjectHistory(tx, projectId, 'update', before, actor);
    return result;
  }

  return {
    subject: 'Project',
    subjectOf,

    /** IRBs of projects the researcher owns or is on the team of, and those they uploaded before their project. */
    readableWhere: (actor) => irbFilesReadableBy(actor.userId),

    async authorizeCreate(tx, actor, input) {
      if (input.projectId !== null) {
        const view = await repo.findProject(tx, input.projectId, actor.userId);
        if (!view) throw new ValidationError({ project: ['Project not found.'] });
        authorize(actor, 'update', 'Project', subjectOfView(view, actor));
      } else if (!can(actor, 'create', 'Project')) {
        throw new ForbiddenError();
      }
      if (input.contentType !== PDF) throw new ValidationError({ file: [PROJECT_MESSAGES.irbPdfOnly] });
      const data = parseOrThrow(irbDataSchema, irbInput(input.additionalData));
      return { additionalData: data };
    },

    async afterCreate(tx, actor, file) {
      if (file.projectId === null) return;
      const projectId = file.projectId;
      await repo.lockProject(tx, projectId);
      await withProjectHistory(tx, actor, projectId, () =>
        repo.updateProject(tx, projectId, { latestIrbId: file.id }),
      );
      // A new IRB may complete a request's team (Approved (Pending Team) -> Approved).
      await promotePendingTeams(tx, { projectId }, actor);
    },

    /** PATCH file/{id}/ of an IRB: the IRB form's data changes without a new document. */
    async update(tx, actor, file, body) {
      authorize(actor, 'update', 'Project', await subjectOf(tx, file, actor));
      const raw = irbInput(body.additional_data ?? body);
      const data = parseOrThrow(irbDataSchema, raw);
      const additionalData = { ...file.additionalData, ...data };
      const project = file.projectId !== null ? await repo.lockProject(tx, file.projectId) : null;
      if (project && project.latestIrbId === file.id) {
        const updated = await withProjectHistory(tx, actor, project.id, () =>
          filesService.updateMetadata(tx, file, { additionalData }, actor),
        );
        await promotePendingTeams(tx, { projectId: project.id }, actor);
        return updated;
      }
      return filesService.updateMetadata(tx, file, { additionalData }, actor);
    },
  };
}
