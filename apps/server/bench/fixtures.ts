import pg from 'pg';
import type { RoleKey } from '@rrp/domain';
import { TokenService } from '../src/platform/auth/tokens';

/** A signed-in account of the generated data, working as `role`. */
export interface Account {
  role: RoleKey;
  token: string;
}

interface UserRow {
  id: number;
  email: string;
  token_version: number;
  role: RoleKey;
}

const USER_COLUMNS = 'u.id, u.email, u.token_version, u.primary_role as role';

/**
 * The accounts each role's cases use, the busiest of their role in the generated data (a reviewer
 * with the most reviews, an official of the institution with the most researchers…), as the real
 * portal's heaviest users are.
 */
const ACCOUNTS = {
  admin: `select ${USER_COLUMNS} from users u where u.email = 'portal_admin@demo.test'`,
  researcher: `select ${USER_COLUMNS} from users u join requests r on r.owner_id = u.id
    where u.primary_role = 'primary_researcher' group by u.id order by count(*) desc limit 1`,
  reviewer: `select ${USER_COLUMNS} from users u join reviews r on r.reviewer_id = u.id
    where u.primary_role in ('portal_reviewer', 'internal_reviewer', 'external_reviewer')
    group by u.id order by count(*) desc, u.id limit 1`,
  abnReviewer: `select ${USER_COLUMNS} from users u left join tissue_reviews r on r.reviewer_id = u.id
    where u.primary_role = 'abn_reviewer' group by u.id order by count(r.*) desc, u.id limit 1`,
  official: `select ${USER_COLUMNS} from users u join user_institutions own on own.user_id = u.id
    join user_institutions members on members.institution_id = own.institution_id
    where u.primary_role = 'sbso' group by u.id order by count(*) desc, u.id limit 1`,
  researchMatchAdmin: `select ${USER_COLUMNS} from users u where u.primary_role = 'rm_admin' order by u.id limit 1`,
} as const;

export type AccountName = keyof typeof ACCOUNTS;

/** The ids and accounts the cases use, picked from the generated data. */
export async function fixtures(url: string, jwtSecret: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const one = async <T>(query: string) => (await client.query(query)).rows[0] as T;
  const tokens = new TokenService(jwtSecret, 600);
  const accounts = {} as Record<AccountName, Account & { id: number }>;
  for (const [name, query] of Object.entries(ACCOUNTS) as [AccountName, string][]) {
    const user = await one<UserRow | undefined>(query);
    if (!user) throw new Error(`No ${name} account in the generated data.`);
    const token = await tokens.issue({ id: user.id, email: user.email, tokenVersion: user.token_version });
    accounts[name] = { id: user.id, role: user.role, token };
  }
  const request = await one<{ id: number }>('select id from requests order by id desc offset 1000 limit 1');
  const project = await one<{ id: number }>('select id from projects order by id desc offset 1000 limit 1');
  const total = await one<{ n: number }>('select count(*)::int as n from requests');
  // The reviewer suggestions' case (issue 33): a Research Match application of the applicant with
  // the most projects, so that the conflict joins have the most to read.
  const application = await one<{ id: number }>(`select r.id from requests r
    where r.type_id = 4 order by (select count(*) from research_team_members m where m.user_id = r.owner_id) desc, r.id
    limit 1`);
  // And a tissue request's (reviewed by the ABN reviewers), of the applicant with the most projects too.
  const tissueRequest = await one<{ id: number }>(`select r.id from requests r
    where r.type_id in (7, 8) order by (select count(*) from research_team_members m where m.user_id = r.owner_id) desc, r.id
    limit 1`);
  const samples = await client.query<{ id: string; sample_type_id: number }>(
    'select id, sample_type_id from samples where sample_type_id = (select min(sample_type_id) from samples) order by id limit 100',
  );
  await client.end();
  return {
    accounts,
    requestId: request.id,
    projectId: project.id,
    applicationId: application.id,
    tissueRequestId: tissueRequest.id,
    deepOffset: Math.floor(total.n * 0.75),
    sampleBody: JSON.stringify({
      ids: samples.rows.map((row) => row.id),
      sample_type: samples.rows[0]?.sample_type_id,
    }),
  };
}

export type Fixtures = Awaited<ReturnType<typeof fixtures>>;
