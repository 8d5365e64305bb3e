import { can, type Actor, type ResearchTeamMemberDto, type SaveResearchTeam } from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { NotFoundError, ValidationError } from '../../platform/http/errors';
import { inPageOrder, oneOf, parseListQuery, selectPageIds, type ParsedList } from '../../platform/list';
import { promotePendingTeams } from '../requests/pending-team.service';
import { projectSubject, presentMember, subjectOfView, type ProjectView } from './projects.presenter';
import { recordProjectHistory } from './projects.history';
import { teamList } from './projects.lists';
import { lockProject, projectSnapshot } from './projects.repo';
import { currentRowsVisibleTo, teamRowsByIds } from './research-team.repo';
import { writeTeam } from './team-writes';

/** GET research-team/ and POST research-team/: reading and saving a project's research team. */
export function createResearchTeam(deps: {
  db: Db;
  /** The project as the actor sees it, or a 404. */
  load: (tx: DbOrTx, actor: Actor, id: number) => Promise<ProjectView>;
}) {
  const { db, load } = deps;

  /**
   * Team rows of the list query: staff see every row, others the current rows of their projects'
   * teams. A single row's GET asks no count.
   */
  async function teamRows(actor: Actor, list: ParsedList, options = { count: true }) {
    const staff = can(actor, 'read', 'ResearchTeam');
    const visible = staff ? undefined : currentRowsVisibleTo(actor.userId);
    const page = await selectPageIds(db, teamList, list, visible, options);
    const rows = inPageOrder(
      page.ids,
      await teamRowsByIds(db, page.ids, actor.userId),
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

  /** GET research-team/: staff see every row (removed ones too); others the current teams they may read. */
  async function teamPage(actor: Actor, query: Record<string, string | undefined>) {
    const list = parseListQuery(teamList, query);
    return { list, ...(await teamRows(actor, list)) };
  }

  return {
    teamList: teamPage,

    /** GET research-team/{id}/: one row, to those who see it in the list; 404 for anyone else. */
    async teamMember(actor: Actor, id: number, expand: ReadonlySet<string>) {
      const [member] = (await teamRows(actor, oneOf(teamList, id, expand), { count: false })).results;
      if (!member) throw new NotFoundError();
      return member;
    },

    /**
     * POST research-team/: saves the whole team of a project. A save that changes nothing writes
     * nothing. Answers the team as GET research-team/?project_id= does.
     */
    async saveTeam(actor: Actor, input: SaveResearchTeam): Promise<ResearchTeamMemberDto[]> {
      await db.transaction(async (tx) => {
        const project = await lockProject(tx, input.project_id);
        if (!project) throw new ValidationError({ project_id: ['Project not found.'] });
        const view = await load(tx, actor, project.id);
        authorize(actor, 'update', 'ResearchTeam', subjectOfView(view, actor));
        const before = await projectSnapshot(tx, project.id);
        if (await writeTeam(tx, project, input.team, new Date())) {
          await recordProjectHistory(tx, project.id, 'update', before, actor);
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
  };
}
