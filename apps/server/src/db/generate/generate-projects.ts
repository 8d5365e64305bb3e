import { RESEARCH_TEAM_ROLES } from '@rrp/domain';
import { DAY, maxId, type Generation } from './generation';
import type { People } from './generate-people';
import { Random } from './random';
import { FIRST_NAMES, LAST_NAMES, POPULATIONS, STUDY_KINDS, TOPICS } from './vocabulary';

/** Team size beyond the PI -> share of projects. */
const TEAM_SIZE_WEIGHTS = new Map<number, number>([
  [0, 25],
  [1, 25],
  [2, 20],
  [3, 15],
  [4, 10],
  [6, 5],
]);

/** Projects of the researchers, each with its PI and a research team. */
export async function generateProjects(g: Generation, people: People) {
  const { database, size, seed, spread, write } = g;
  const { firstUser, emails, firstNames, lastNames, institutionOf, researchers, userCreated } = people;
  // --- Projects and their teams ------------------------------------------------------------
  const firstProject = (await maxId(database, 'projects')) + 1;
  const projectRandom = new Random(seed + 2);
  const projectOwner = new Int32Array(size.projects);
  const projectInstitution = new Int32Array(size.projects);
  const projectCreated = new Float64Array(size.projects);
  const projectMembers: number[][] = [];
  for (let p = 0; p < size.projects; p++) {
    const owner = researchers[projectRandom.skewed(researchers.length, 1.5)]!;
    projectOwner[p] = firstUser + owner;
    projectInstitution[p] = institutionOf[owner]!;
    projectCreated[p] = Math.max(
      userCreated(owner).getTime(),
      spread(projectRandom, p, size.projects).getTime(),
    );
  }
  await write(
    'projects',
    [
      'id',
      'owner_id',
      'creator_id',
      'institution_id',
      'title',
      'abstract',
      'non_autism_research',
      'created',
      'modified',
    ],
    (function* () {
      for (let p = 0; p < size.projects; p++) {
        const topic = projectRandom.pick(TOPICS);
        const population = projectRandom.pick(POPULATIONS);
        const title = `${projectRandom.pick(STUDY_KINDS)} ${topic} in ${population}`;
        const abstract = `We study ${topic} in ${population}, combining phenotype and genetic data from the foundation's cohorts. The aim is to understand ${projectRandom.pick(TOPICS)} and to improve support for families.`;
        const created = new Date(projectCreated[p]!);
        yield [
          firstProject + p,
          projectOwner[p]!,
          projectOwner[p]!,
          projectInstitution[p] || null,
          title,
          abstract,
          projectRandom.chance(0.03),
          created,
          created,
        ];
      }
    })(),
  );
  const firstMember = (await maxId(database, 'research_team_members')) + 1;
  let memberId = firstMember;
  await write(
    'research_team_members',
    [
      'id',
      'project_id',
      'user_id',
      'email',
      'first_name',
      'last_name',
      'user_role',
      'institution_id',
      'active',
      'removal_date',
      'created',
      'modified',
    ],
    (function* () {
      for (let p = 0; p < size.projects; p++) {
        const projectId = firstProject + p;
        const owner = projectOwner[p]! - firstUser;
        const created = new Date(projectCreated[p]!);
        const members: number[] = [];
        yield [
          memberId++,
          projectId,
          projectOwner[p]!,
          emails[owner]!,
          firstNames[owner]!,
          lastNames[owner]!,
          1,
          projectInstitution[p] || null,
          true,
          null,
          created,
          created,
        ];
        const teamSize = projectRandom.weighted(TEAM_SIZE_WEIGHTS);
        const chosen = new Set<number>([owner]);
        for (let m = 0; m < teamSize; m++) {
          const role = projectRandom.int(2, RESEARCH_TEAM_ROLES.length);
          if (projectRandom.chance(0.08)) {
            // Invited by e-mail, no account yet: the request's "research team ready" flag is off.
            const first = projectRandom.pick(FIRST_NAMES);
            const last = projectRandom.pick(LAST_NAMES);
            yield [
              memberId++,
              projectId,
              null,
              `${first}.${last}.p${projectId}m${m}@example.net`.toLowerCase(),
              first,
              last,
              role,
              null,
              true,
              null,
              created,
              created,
            ];
            continue;
          }
          const member = researchers[projectRandom.int(0, researchers.length - 1)]!;
          if (chosen.has(member)) continue;
          chosen.add(member);
          const removed = projectRandom.chance(0.05) ? new Date(created.getTime() + 200 * DAY) : null;
          if (!removed) members.push(firstUser + member);
          yield [
            memberId++,
            projectId,
            firstUser + member,
            emails[member]!,
            firstNames[member]!,
            lastNames[member]!,
            role,
            institutionOf[member] || null,
            projectRandom.chance(0.95),
            removed,
            created,
            created,
          ];
        }
        projectMembers.push(members);
      }
    })(),
  );
  return { firstProject, projectOwner, projectInstitution, projectCreated, projectMembers };
}
export type Projects = Awaited<ReturnType<typeof generateProjects>>;
