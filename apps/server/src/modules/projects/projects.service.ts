import {
  can,
  PI_TEAM_ROLE,
  PROJECT_MESSAGES,
  REQUEST_STATUSES,
  type Actor,
  type CreateProject,
  type ProjectDeletionBlocked,
  type ProjectDto,
  type ResearchTeamMemberDto,
  type ResearchTeamMemberInput,
  type SaveResearchTeam,
  type UpdateProject,
} from '@rrp/domain';
import { and, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { NotFoundError, ValidationError } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import { inPageOrder, oneOf, parseListQuery, selectPageIds, type ParsedList } from '../../platform/list';
import type { FileStorage } from '../../platform/files/storage';
import type { ClaimIdempotencyKey } from '../../platform/http/idempotency';
import { researchTeamMembers } from '../../db/schema';
import { projectList, teamList } from './projects.lists';
import * as repo from './projects.repo';
import { promotePendingTeams } from '../requests/pending-team.service';
import {
  presentMember,
  presentProject,
  projectSubject,
  subjectOfView,
  type ProjectSubject,
  type ProjectView,
} from './projects.presenter';

/** Other modules' "on the team" tests read the team row through the one rule (renewals). */
export { teamRowGivesAccess } from '../project-facts/project-facts.service';

export const IRB_FILE_TYPE = 'irb';

const UNKNOWN_INSTITUTION = 'Please choose an institution from the list.';
const ONLY_ADMINS_CHOOSE_PI = 'Only administrators can choose the Principal Investigator.';

type By = Pick<Actor, 'userId' | 'impersonatorId'>;

const fullName = (person: { firstName: string; lastName: string; email?: string }) =>
  `${person.firstName} ${person.lastName}`.trim() || person.email || '';

/** Administrators choose a project's PI and edit any project; researchers act on their own. */
const isProjectAdmin = (actor: Actor | null) => can(actor, 'update', 'Project');

/**
 * Writes a project's research team to match `rows` (researcher §5 "Team", §7 POST research-team):
 * rows are matched to current members by id, else by e-mail; members left out are removed
 * (their row keeps a removal date); the PI's row is fixed and never removed. Accounts are found
 * by e-mail. Returns whether anything changed.
 */
async function writeTeam(
  tx: DbOrTx,
  project: repo.ProjectRow,
  rows: readonly ResearchTeamMemberInput[],
  now: Date,
): Promise<boolean> {
  const current = await repo.currentTeam(tx, project.id);
  const pi = current.find((member) => member.userRole === PI_TEAM_ROLE && member.userId === project.ownerId);
  const lower = (email: string) => email.trim().toLowerCase();
  const isPiRow = (row: ResearchTeamMemberInput) =>
    (pi !== undefined && (row.id === pi.id || lower(row.email) === lower(pi.email))) ||
    row.user_id === project.ownerId;
  const wanted = rows.filter((row) => !isPiRow(row));

  const errors: string[] = [];
  if (wanted.some((row) => row.user_role === PI_TEAM_ROLE)) errors.push(PROJECT_MESSAGES.piRoleReserved);
  const institutionIds = [...new Set(wanted.flatMap((row) => (row.institution ? [row.institution] : [])))];
  const known = await repo.existingInstitutions(tx, institutionIds);
  if (institutionIds.some((id) => !known.has(id))) errors.push(UNKNOWN_INSTITUTION);
  if (errors.length > 0) throw new ValidationError({ team: errors });

  const others = current.filter((member) => member !== pi);
  const byId = new Map(others.map((member) => [member.id, member]));
  const byEmail = new Map(others.map((member) => [lower(member.email), member]));
  const accounts = await repo.usersByEmail(
    tx,
    wanted.map((row) => row.email),
  );

  const matched = new Set<number>();
  const updates: { id: number; values: Partial<repo.TeamMemberRow> }[] = [];
  const inserts: (typeof researchTeamMembers.$inferInsert)[] = [];
  for (const row of wanted) {
    const byRowId = row.id ? byId.get(row.id) : undefined;
    const existing = byRowId && !matched.has(byRowId.id) ? byRowId : byEmail.get(lower(row.email));
    const found = existing && !matched.has(existing.id) ? existing : undefined;
    // E-mail addresses compare without case: a re-typed capital changes nothing.
    const email = found && lower(found.email) === lower(row.email) ? found.email : row.email.trim();
    const desired = {
      email,
      firstName: row.first_name,
      lastName: row.last_name,
      userRole: row.user_role,
      institutionId: row.institution ?? null,
      globusUsername: row.globus_username,
      active: row.active,
      userId:
        accounts.get(lower(email)) ?? (found && lower(found.email) === lower(email) ? found.userId : null),
    };
    if (!found) {
      inserts.push({ ...desired, projectId: project.id, created: now, modified: now });
      continue;
    }
    matched.add(found.id);
    const changed = (Object.keys(desired) as (keyof typeof desired)[]).filter(
      (key) => desired[key] !== found[key],
    );
    if (changed.length > 0) {
      updates.push({ id: found.id, values: Object.fromEntries(changed.map((key) => [key, desired[key]])) });
    }
  }
  const removed = others.filter((member) => !matched.has(member.id)).map((member) => member.id);

  // Removals first, so an e-mail address can move between rows without a clash.
  await repo.removeMembers(tx, removed, now);
  // Rows whose address changes first let go of the old one, so two rows may swap addresses.
  for (const update of updates.filter((u) => u.values.email !== undefined)) {
    await repo.updateMember(tx, update.id, { email: `#${update.id}` });
  }
  for (const update of updates) await repo.updateMember(tx, update.id, update.values);
  await repo.insertMembers(tx, inserts);
  return removed.length + updates.length + inserts.length > 0;
}

/** Makes `owner` the project's PI: the previous PI's row is removed, the new one fixed with access. */
async function moveTeamToOwner(
  tx: DbOrTx,
  project: repo.ProjectRow,
  owner: NonNullable<Awaited<ReturnType<typeof repo.findUser>>>,
  institutionId: number | null,
  now: Date,
) {
  const current = await repo.currentTeam(tx, project.id);
  const oldPi = current.filter((member) => member.userRole === PI_TEAM_ROLE);
  await repo.removeMembers(
    tx,
    oldPi.filter((member) => member.userId !== owner.id).map((member) => member.id),
    now,
  );
  const mine = current.find(
    (member) =>
      member.userId === owner.id || member.email.trim().toLowerCase() === owner.email.trim().toLowerCase(),
  );
  const piValues = {
    userId: owner.id,
    email: owner.email,
    firstName: owner.firstName,
    lastName: owner.lastName,
    userRole: PI_TEAM_ROLE,
    institutionId,
    active: true,
  };
  if (mine) await repo.updateMember(tx, mine.id, piValues);
  else
    await repo.insertMembers(tx, [
      { ...piValues, projectId: project.id, globusUsername: owner.globusUsername },
    ]);
}

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

  /**
   * Team rows of the list query: staff see every row, others the current rows of their projects'
   * teams. A single row's GET asks no count.
   */
  async function teamRows(actor: Actor, list: ParsedList, options = { count: true }) {
    const staff = can(actor, 'read', 'ResearchTeam');
    const visible = staff
      ? undefined
      : and(
          repo.visibleTo(actor.userId, researchTeamMembers.projectId),
          isNull(researchTeamMembers.removalDate),
        );
    const page = await selectPageIds(db, teamList, list, visible, options);
    const rows = inPageOrder(
      page.ids,
      await repo.teamRowsByIds(db, page.ids, actor.userId),
      (row) => row.member.id,
    );
    const results = rows.map((row) =>
      presentMember(row, {
        expandInstitution: list.expand.has('institution'),
        // The warnings are for those who may fix the team (researcher §6).
        showWarnings: can(actor, 'update', 'ResearchTeam', projectSubject(actor, row)),
      }),
    );
    return { count: page.count, results };
  }

  async function teamPage(actor: Actor, query: Record<string, string | undefined>) {
    const list = parseListQuery(teamList, query);
    return { list, ...(await teamRows(actor, list)) };
  }

  /** GET research-team/{id}/: one row, to those who see it in the list; 404 for anyone else. */
  async function teamMember(actor: Actor, id: number, expand: ReadonlySet<string>) {
    const [member] = (await teamRows(actor, oneOf(teamList, id, expand), { count: false })).results;
    if (!member) throw new NotFoundError();
    return member;
  }

  async function history(
    tx: DbOrTx,
    projectId: number,
    action: 'create' | 'update',
    before: object | null,
    by: By,
  ) {
    await recordHistory(tx, {
      model: 'project',
      objectId: projectId,
      action,
      before: before as Record<string, unknown> | null,
      after: await repo.projectSnapshot(tx, projectId),
      by,
    });
  }

  /** `from`: a transaction, when the answer is built (and kept) before the write commits. */
  async function get(
    actor: Actor,
    id: number,
    expand: ReadonlySet<string>,
    from: DbOrTx = db,
  ): Promise<ProjectDto> {
    const view = await load(from, actor, id);
    authorize(actor, 'read', 'Project', subjectOfView(view, actor));
    return presentProject(actor, view, expand);
  }

  return {
    async list(actor: Actor, query: Record<string, string | undefined>) {
      const list = parseListQuery(projectList, query);
      const visible = can(actor, 'read', 'Project') ? undefined : repo.visibleTo(actor.userId);
      const page = await selectPageIds(db, projectList, list, visible);
      const rows = inPageOrder(
        page.ids,
        await repo.projectsByIds(db, page.ids, actor.userId),
        (row) => row.project.id,
      );
      return {
        list,
        count: page.count,
        results: rows.map((row) => presentProject(actor, row, list.expand)),
      };
    },

    get,

    /**
     * POST project/: the project, its PI's team row, the IRB uploaded just before and the other
     * team rows, in one transaction (issue 5: all land or none).
     */
    /**
     * `claimKey` takes the caller's Idempotency-Key in the same transaction (one key, one
     * project), and the answer is kept with it.
     */
    async create(
      actor: Actor,
      input: CreateProject,
      expand: ReadonlySet<string>,
      claimKey?: ClaimIdempotencyKey,
    ): Promise<ProjectDto> {
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
        await repo.insertMembers(tx, [
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
        await history(tx, project.id, 'create', null, actor);
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
    ): Promise<ProjectDto> {
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
        await history(tx, id, 'update', before, actor);
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
          const data: ProjectDeletionBlocked['data'] = {
            non_field_errors: [message],
            requests: blocking.map((request) => ({
              id: request.id,
              portal_request_id: request.portalRequestId,
              status: request.statusId,
              status_name: REQUEST_STATUSES[request.statusId as keyof typeof REQUEST_STATUSES] ?? '',
              owner: {
                id: request.ownerId,
                display_name: fullName({
                  firstName: request.ownerFirstName,
                  lastName: request.ownerLastName,
                  email: request.ownerEmail,
                }),
              },
            })),
          };
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

    /** GET research-team/: staff see every row (removed ones too); others the current teams they may read. */
    teamList: teamPage,
    teamMember,

    /**
     * POST research-team/: saves the whole team of a project. A save that changes nothing writes
     * nothing. Answers the team as GET research-team/?project_id= does.
     */
    async saveTeam(actor: Actor, input: SaveResearchTeam): Promise<ResearchTeamMemberDto[]> {
      await db.transaction(async (tx) => {
        const project = await repo.lockProject(tx, input.project_id);
        if (!project) throw new ValidationError({ project_id: ['Project not found.'] });
        const view = await load(tx, actor, project.id);
        authorize(actor, 'update', 'ResearchTeam', subjectOfView(view, actor));
        const before = await repo.projectSnapshot(tx, project.id);
        if (await writeTeam(tx, project, input.team, new Date())) {
          await history(tx, project.id, 'update', before, actor);
          // A changed team may be complete now (Approved (Pending Team) -> Approved).
          await promotePendingTeams(tx, { projectId: project.id }, actor);
        }
      });
      const page = await teamPage(actor, {
        project_id: String(input.project_id),
        expand: 'institution',
        limit: '2000',
      });
      return page.results;
    },

    /** The object the History conditions read for `history/?model=project&pk=`. */
    async historySubject(tx: DbOrTx, pk: string, actor: Actor): Promise<ProjectSubject | null> {
      const view = await repo.findProject(tx, Number(pk), actor.userId);
      return view ? subjectOfView(view, actor) : null;
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
