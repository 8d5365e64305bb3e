import { can, type Actor, type SaveResearchTeam } from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { NotFoundError, ValidationError } from '../../platform/http/errors';
import { jsonText, type JsonText } from '../../platform/http/json-text';
import { oneOf, parseListQuery, selectPageIds, type ParsedList } from '../../platform/list';
import { promotePendingTeams } from '../requests/pending-team.service';
import { subjectOfView, type ProjectView } from './projects.presenter';
import { recordProjectHistory } from './projects.history';
import { teamList } from './projects.lists';
import { lockProject, projectSnapshot } from './projects.repo';
import { currentRowsVisibleTo } from './research-team.repo';
import { teamRows as teamRowsOf, teamRowText, warningsShownTo } from './team-pages';
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
    const page = await selectPageIds(db, teamList, list, visible, { ...options, narrowScope: true });
    const rows = await teamRowsOf(db, actor, page.ids, list.expand.has('institution'));
    const showWarnings = warningsShownTo(actor);
    const now = new Date();
    return { count: page.count, texts: rows.map((row) => teamRowText(row, showWarnings(row), now)) };
  }

  /** GET research-team/: staff see every row (removed ones too); others the current teams they may read. */
  async function teamPage(actor: Actor, query: Record<string, string | undefined>) {
    const list = parseListQuery(teamList, query);
    const { count, texts } = await teamRows(actor, list);
    return { list, count, resultsJson: `[${texts.join(',')}]` };
  }

  return {
    teamList: teamPage,

    /** GET research-team/{id}/: one row, to those who see it in the list; 404 for anyone else. */
    async teamMember(actor: Actor, id: number, expand: ReadonlySet<string>): Promise<JsonText> {
      const [member] = (await teamRows(actor, oneOf(teamList, id, expand), { count: false })).texts;
      if (member === undefined) throw new NotFoundError();
      return jsonText(member);
    },

    /**
     * POST research-team/: saves the whole team of a project. A save that changes nothing writes
     * nothing. Answers the team as GET research-team/?project_id= does.
     */
    async saveTeam(actor: Actor, input: SaveResearchTeam): Promise<JsonText> {
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
      return jsonText(page.resultsJson);
    },
  };
}
