import {
  can,
  PI_TEAM_ROLE,
  PROJECT_MESSAGES,
  type Actor,
  type CreateProject,
  type UpdateProject,
} from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { NotFoundError, ValidationError } from '../../platform/http/errors';
import { jsonText, type JsonText } from '../../platform/http/json-text';
import { VersionedAnswer } from '../../platform/http/object-versions';
import { recordHistory } from '../../platform/history';
import { parseListQuery, selectPageIds } from '../../platform/list';
import type { FileStorage } from '../../platform/files/storage';
import type { ClaimIdempotencyKey } from '../../platform/http/idempotency';
import { projectList } from './projects.lists';
import * as repo from './projects.repo';
import { visibleTo } from './project-access.repo';
import { insertMembers } from './research-team.repo';
import { promotePendingTeams } from '../requests/pending-team.service';
import { recordProjectHistory } from './projects.history';
import { projectRows, projectRowText, subjectOfRow } from './project-pages';
import {
  presentDeletionBlocked,
  subjectOfView,
  type ProjectSubject,
  type ProjectView,
} from './projects.presenter';
import { createResearchTeam } from './research-team';
import { moveTeamToOwner, writeTeam } from './team-writes';

/** Other modules' "on the team" tests read the team row through the one rule (renewals). */
export { teamRowGivesAccess } from '../project-facts/project-facts.service';

export const IRB_FILE_TYPE = 'irb';

const ONLY_ADMINS_CHOOSE_PI = 'Only administrators can choose the Principal Investigator.';

/** Administrators choose a project's PI and edit any project; researchers act on their own. */
const isProjectAdmin = (actor: Actor | null) => can(actor, 'update', 'Project');

export function createProjectsService(deps: {
  db: Db;
  /** A deleted project's files are removed from storage after the deletion commits. */
  storage: Pick<FileStorage, 'remove'>;
  log?: { warn(object: object, message: string): void };
}) {
  const { db } = deps;

  async function load(tx: DbOrTx, actor: Actor | null, id: number): Promise<ProjectView> {
    const view = await repo.findProject(tx, id, actor?.userId ?? 0);
    if (!view) throw new NotFoundError();
    return view;
  }

  /** The PI a write names: admins must choose a primary researcher; researchers are their own PI. */
  async function chooseOwner(
    tx: DbOrTx,
    actor: Actor,
    input: { creator?: number | null; owner?: number | null },
    current: number | null,
  ) {
    const field = input.creator != null ? 'creator' : input.owner != null ? 'owner' : 'creator';
    const requested = input.creator ?? input.owner ?? null;
    if (!isProjectAdmin(actor)) {
      const own = current ?? actor.userId;
      if (requested !== null && requested !== own)
        throw new ValidationError({ [field]: [ONLY_ADMINS_CHOOSE_PI] });
      return own;
    }
    if (requested === null) {
      if (current !== null) return current;
      throw new ValidationError({ [field]: [PROJECT_MESSAGES.choosePi] });
    }
    if (requested === current) return current;
    const user = await repo.findUser(tx, requested);
    if (!user || !user.isActive || !(await repo.isPrimaryResearcher(tx, requested))) {
      throw new ValidationError({ [field]: [PROJECT_MESSAGES.notAPrimaryResearcher] });
    }
    return requested;
  }

  /** Makes an IRB file uploaded for (or just before) the project its latest IRB. */
  async function linkIrb(tx: DbOrTx, actor: Actor, project: repo.ProjectRow, fileId: number) {
    const file = await repo.findIrbFile(tx, fileId);
    const usable =
      file !== null &&
      file.type === IRB_FILE_TYPE &&
      (file.projectId === project.id ||
        (file.projectId === null && (file.creatorId === actor.userId || isProjectAdmin(actor))));
    if (!usable) throw new ValidationError({ latest_irb: [PROJECT_MESSAGES.irbNotOfProject] });
    if (file.projectId === null) await repo.linkFileToProject(tx, file.id, project.id);
    return repo.updateProject(tx, project.id, { latestIrbId: file.id });
  }

  /** The project the caller may read, read with its version when `withVersion`. */
  async function readRow(
    actor: Actor,
    id: number,
    expand: ReadonlySet<string>,
    from: DbOrTx,
    withVersion = false,
  ) {
    const [row] = await projectRows(from, actor, [id], expand, withVersion);
    if (!row) throw new NotFoundError();
    authorize(actor, 'read', 'Project', subjectOfRow(actor, row));
    return row;
  }

  /** `from`: a transaction, when the answer is built (and kept) before the write commits. */
  async function get(
    actor: Actor,
    id: number,
    expand: ReadonlySet<string>,
    from: DbOrTx = db,
  ): Promise<JsonText> {
    return jsonText(projectRowText(await readRow(actor, id, expand, from), new Date()));
  }

  return {
    ...createResearchTeam({ db, load }),

    async list(actor: Actor, query: Record<string, string | undefined>) {
      const list = parseListQuery(projectList, query);
      const visible = can(actor, 'read', 'Project') ? undefined : visibleTo(actor.userId);
      const page = await selectPageIds(db, projectList, list, visible, {
        count: true,
        narrowScope: true,
      });
      const rows = await projectRows(db, actor, page.ids, list.expand);
      const now = new Date();
      return {
        list,
        count: page.count,
        resultsJson: rows.map((row) => projectRowText(row, now)),
      };
    },

    get,

    /** GET project/{id}/: the project with the version its statement read (the ETag). */
    async detail(actor: Actor, id: number, expand: ReadonlySet<string>): Promise<VersionedAnswer> {
      const row = await readRow(actor, id, expand, db, true);
      return new VersionedAnswer(jsonText(projectRowText(row, new Date())), row.version);
    },

    /**
     * POST project/: the project, its PI's team row, the IRB uploaded just before and the other
     * team rows, in one transaction (issue 5: all land or none).
     * `claimKey` takes the caller's Idempotency-Key in the same transaction (one key, one
     * project), and the answer is kept with it.
     */
    async create(
      actor: Actor,
      input: CreateProject,
      expand: ReadonlySet<string>,
      claimKey?: ClaimIdempotencyKey,
    ): Promise<JsonText> {
      return db.transaction(async (tx) => {
        const claim = await claimKey?.(tx);
        const now = new Date();
        const ownerId = await chooseOwner(tx, actor, input, null);
        const owner = await repo.findUser(tx, ownerId);
        if (!owner) throw new ValidationError({ creator: [PROJECT_MESSAGES.notAPrimaryResearcher] });
        const institutionId = await repo.primaryInstitutionOf(tx, ownerId);
        let project = await repo.insertProject(tx, {
          ownerId,
          creatorId: actor.userId,
          institutionId,
          title: input.title,
          abstract: input.abstract,
          nonAutismResearch: input.non_autism_research,
          publicTitle: input.public_title ?? null,
          publicAbstract: input.public_abstract ?? null,
          created: now,
          modified: now,
        });
        await insertMembers(tx, [
          {
            projectId: project.id,
            userId: owner.id,
            email: owner.email,
            firstName: owner.firstName,
            lastName: owner.lastName,
            userRole: PI_TEAM_ROLE,
            institutionId,
            globusUsername: owner.globusUsername,
            created: now,
            modified: now,
          },
        ]);
        if (input.latest_irb) project = await linkIrb(tx, actor, project, input.latest_irb);
        if (input.team) await writeTeam(tx, project, input.team, now);
        await recordProjectHistory(tx, project.id, 'create', null, actor);
        const answer = await get(actor, project.id, expand, tx);
        return claim ? claim.keep(tx, answer) : answer;
      });
    },

    /**
     * PATCH project/{id}/: changed fields. The autism answer is fixed after creation; a project
     * with a request past Created or in review is read-only for its owner (not for admins), though
     * its IRB and team can still be updated; only admins move a project to another PI.
     */
    async update(
      actor: Actor,
      id: number,
      input: UpdateProject,
      expand: ReadonlySet<string>,
    ): Promise<JsonText> {
      await db.transaction(async (tx) => {
        const now = new Date();
        let project = await repo.lockProject(tx, id);
        if (!project) throw new NotFoundError();
        const view = await load(tx, actor, id);
        const subject = subjectOfView(view, actor);
        authorize(actor, 'update', 'Project', subject);
        if (input.team !== undefined) authorize(actor, 'update', 'ResearchTeam', subject);

        if (
          input.non_autism_research !== undefined &&
          input.non_autism_research !== project.nonAutismResearch
        ) {
          throw new ValidationError({ non_autism_research: [PROJECT_MESSAGES.nonAutismFixed] });
        }
        const values: Partial<repo.ProjectRow> = {};
        if (input.title !== undefined && input.title !== project.title) values.title = input.title;
        if (input.abstract !== undefined && input.abstract !== project.abstract)
          values.abstract = input.abstract;
        if (input.public_title !== undefined && input.public_title !== project.publicTitle)
          values.publicTitle = input.public_title;
        if (input.public_abstract !== undefined && input.public_abstract !== project.publicAbstract)
          values.publicAbstract = input.public_abstract;
        if (Object.keys(values).length > 0 && !view.isEditable && !isProjectAdmin(actor)) {
          throw new ValidationError({ non_field_errors: [PROJECT_MESSAGES.notEditable] });
        }

        const before = await repo.projectSnapshot(tx, id);
        const ownerId = await chooseOwner(tx, actor, input, project.ownerId);
        if (ownerId !== project.ownerId) {
          const owner = (await repo.findUser(tx, ownerId))!;
          values.ownerId = ownerId;
          values.institutionId = await repo.primaryInstitutionOf(tx, ownerId);
          await moveTeamToOwner(tx, project, owner, values.institutionId, now);
        }
        if (Object.keys(values).length > 0) project = await repo.updateProject(tx, id, values);
        if (input.latest_irb && input.latest_irb !== project.latestIrbId) {
          project = await linkIrb(tx, actor, project, input.latest_irb);
        }
        if (input.team !== undefined) await writeTeam(tx, project, input.team, now);
        // Writes nothing when nothing changed.
        await recordProjectHistory(tx, id, 'update', before, actor);
        // A new IRB, team or owner may complete a request's team (Approved (Pending Team) -> Approved).
        await promotePendingTeams(tx, { projectId: id }, actor);
      });
      return get(actor, id, expand);
    },

    /**
     * DELETE project/{id}/: refused while the project has approved, rejected or fulfilled
     * requests (researcher §8); otherwise the project goes with its team rows, open requests
     * and files.
     */
    async remove(actor: Actor, id: number) {
      const { keys, project } = await db.transaction(async (tx) => {
        const locked = await repo.lockProject(tx, id);
        if (!locked) throw new NotFoundError();
        const view = await load(tx, actor, id);
        authorize(actor, 'delete', 'Project', subjectOfView(view, actor));
        const blocking = await repo.blockingRequests(tx, id);
        if (blocking.length > 0) {
          const message = PROJECT_MESSAGES.deletionBlocked;
          const data = presentDeletionBlocked(message, blocking);
          throw new ValidationError({ non_field_errors: [message] }, undefined, { status: false, data });
        }
        const fileKeys = await repo.projectFileKeys(tx, id);
        const before = await repo.projectSnapshot(tx, id);
        await repo.deleteProject(tx, id);
        await recordHistory(tx, { model: 'project', objectId: id, action: 'delete', before, by: actor });
        return { keys: fileKeys, project: locked };
      });
      for (const key of keys) {
        await deps.storage.remove(key).catch((error: unknown) => {
          deps.log?.warn({ err: error, key }, 'A deleted project file could not be removed from storage');
        });
      }
      return {
        status: true as const,
        msg: 'Project Deleted Successfully.',
        data: { id: project.id, portal_project_id: project.portalProjectId, title: project.title },
      };
    },

    /** The object the History conditions read for `history/?model=project&pk=`. */
    async historySubject(tx: DbOrTx, pk: string, actor: Actor): Promise<ProjectSubject | null> {
      const view = await repo.findProject(tx, Number(pk), actor.userId);
      return view ? subjectOfView(view, actor) : null;
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
