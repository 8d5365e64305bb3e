import type { ZendeskConversation, ZendeskConversations } from '@rrp/domain';

/**
 * Support tickets (Zendesk) shown in a request's staff panel (staff §7 GET zendesk_ticket). The
 * real client reads Zendesk's REST API (v2) with an API token; without one, development and test
 * runs use a local fake with a few demo tickets, and production answers that Zendesk is not
 * configured. Tests of the real client point ZENDESK_URL at a local fake of the API.
 */
export interface ZendeskAdapter {
  readonly mode: 'api' | 'local' | 'off';
  /** The conversations of these tickets keyed by id; tickets Zendesk does not know are left out. */
  conversations(ids: readonly string[]): Promise<ZendeskConversations>;
}

/** Zendesk could not be asked (not configured, unreachable, or an unexpected answer). */
export class ZendeskUnavailableError extends Error {
  override name = 'ZendeskUnavailableError';
}

interface ApiTicket {
  id: number;
  subject?: string | null;
  status?: string | null;
}
interface ApiComment {
  id: number;
  author_id?: number | null;
  plain_body?: string | null;
  body?: string | null;
  public?: boolean;
  created_at?: string;
}

export function zendeskApi(config: { url: string; email: string; apiToken: string }): ZendeskAdapter {
  const base = config.url.replace(/\/$/, '');
  const authorization = `Basic ${Buffer.from(`${config.email}/token:${config.apiToken}`).toString('base64')}`;

  async function call<T>(path: string): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        headers: { authorization, accept: 'application/json' },
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new ZendeskUnavailableError(`Zendesk could not be reached: ${(error as Error).message}`);
    }
    if (!response.ok) throw new ZendeskUnavailableError(`Zendesk answered ${response.status} for ${path}`);
    try {
      return (await response.json()) as T;
    } catch {
      throw new ZendeskUnavailableError(`Zendesk answered something other than JSON for ${path}`);
    }
  }

  return {
    mode: 'api',
    async conversations(ids) {
      if (ids.length === 0) return {};
      // show_many answers the tickets it knows and leaves the others out.
      const found = await call<{ tickets?: ApiTicket[] }>(
        `/api/v2/tickets/show_many.json?ids=${ids.map(encodeURIComponent).join(',')}`,
      );
      const tickets = (found.tickets ?? []).filter((ticket) => ids.includes(String(ticket.id)));
      const entries = await Promise.all(
        tickets.map(async (ticket): Promise<[string, ZendeskConversation]> => {
          const answer = await call<{ comments?: ApiComment[]; users?: { id: number; name: string }[] }>(
            `/api/v2/tickets/${ticket.id}/comments.json?include=users&sort_order=asc`,
          );
          const names = new Map((answer.users ?? []).map((user) => [user.id, user.name]));
          return [
            String(ticket.id),
            {
              id: String(ticket.id),
              subject: ticket.subject ?? '',
              status: ticket.status ?? '',
              comments: (answer.comments ?? []).map((comment) => ({
                id: comment.id,
                author: (comment.author_id != null && names.get(comment.author_id)) || 'Unknown',
                body: comment.plain_body ?? comment.body ?? '',
                public: comment.public ?? true,
                created_at: comment.created_at ?? '',
              })),
            },
          ];
        }),
      );
      return Object.fromEntries(entries);
    },
  };
}

/** The demo tickets of the local fake (README "Zendesk"). */
const LOCAL_ZENDESK_TICKETS: Record<string, ZendeskConversation> = {
  '1001': {
    id: '1001',
    subject: 'Question about my dataset request',
    status: 'open',
    comments: [
      {
        id: 1,
        author: 'Rita Researcher',
        body: 'Hello, could you tell me when my dataset request will be reviewed?',
        public: true,
        created_at: '2026-01-05T14:02:00.000Z',
      },
      {
        id: 2,
        author: 'Portal Support',
        body: 'Thank you for reaching out. Your request is with the review team; we expect a decision within two weeks.',
        public: true,
        created_at: '2026-01-05T16:45:00.000Z',
      },
    ],
  },
  '1002': {
    id: '1002',
    subject: 'IRB renewal letter',
    status: 'pending',
    comments: [
      {
        id: 3,
        author: 'Rita Researcher',
        body: 'Our IRB was renewed last week; where do I upload the new letter?',
        public: true,
        created_at: '2026-02-10T09:30:00.000Z',
      },
      {
        id: 4,
        author: 'Portal Support',
        body: 'Please open the project page and use Update IRB. Internal note: check the request once it is uploaded.',
        public: false,
        created_at: '2026-02-10T11:12:00.000Z',
      },
    ],
  },
  '1003': {
    id: '1003',
    subject: 'Shipping address for samples',
    status: 'solved',
    comments: [
      {
        id: 5,
        author: 'Portal Support',
        body: 'The shipping address on the request has been updated as asked.',
        public: true,
        created_at: '2026-03-01T08:00:00.000Z',
      },
    ],
  },
};

/** What the health check says stands in for Zendesk while the local fake answers. */
export const LOCAL_ZENDESK_STAND_IN = 'The staff panel shows local demo tickets (1001–1003).';

/**
 * Development and tests without Zendesk credentials: the demo tickets, nothing else, each marked
 * as a demo so the staff panel says Zendesk is not configured (as the health check does).
 */
export function localZendesk(tickets = LOCAL_ZENDESK_TICKETS): ZendeskAdapter {
  return {
    mode: 'local',
    async conversations(ids) {
      return Object.fromEntries(
        ids.flatMap((id) => (tickets[id] ? [[id, { ...tickets[id], demo: true }]] : [])),
      );
    },
  };
}

/** Production without credentials: every call answers that Zendesk is not configured. */
export const zendeskOff: ZendeskAdapter = {
  mode: 'off',
  async conversations() {
    throw new ZendeskUnavailableError(
      'Zendesk is not configured (ZENDESK_URL, ZENDESK_EMAIL, ZENDESK_API_TOKEN).',
    );
  },
};
