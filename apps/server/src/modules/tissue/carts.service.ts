import Papa from 'papaparse';
import {
  can,
  CART_MESSAGES,
  CART_REQUEST_TYPES,
  DONOR_MESSAGES,
  TISSUE_REQUEST_TYPE,
  type Actor,
  type CartDto,
  type CreateCart,
  type DonorDto,
  type UpdateCart,
} from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { ForbiddenError, NotFoundError, invalid } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import { inPageOrder, parseListQuery, selectPageIds } from '../../platform/list';
import { cartList } from './carts.lists';
import {
  cartSnapshot,
  cartSubject,
  editableBy,
  isCollectionStaff,
  mayChange,
  presentCart,
  statusName,
} from './carts.presenter';
import * as repo from './carts.repo';
import type { DonorsService } from './donors.service';
import { selectsRestricted } from './donors.presenter';
import { abnApprovedOf } from './tissue-access.service';

type Query = Record<string, string | undefined>;

/** The history model of collections. */
const CART_HISTORY_MODEL = 'abn_cart';

/** The columns of "Download Collection as CSV", as the collection's donor table shows them. */
const CSV_COLUMNS: [string, (donor: DonorDto) => unknown][] = [
  ['Donor Hash', (d) => d.donor_hash],
  ['Diagnosis', (d) => d.diagnosis],
  ['Confirmation Status', (d) => d.confirmation_status],
  ['Age', (d) => d.age],
  ['Sex', (d) => d.gender],
  ['Left Hemisphere', (d) => d.left_hemisphere],
  ['Right Hemisphere', (d) => d.right_hemisphere],
  ['Brainstem', (d) => d.brainstem],
  ['Tissue Quality', (d) => d.tissue_quality],
  ['PMI (hours)', (d) => d.pmi],
  ['RIN', (d) => d.rin],
  ['Brain Weight (g)', (d) => d.brain_weight],
  ['Preservation', (d) => d.preservation],
  ['Cause of Death', (d) => d.cause_of_death],
  ['Medical Conditions', (d) => d.medical_conditions.join('; ')],
  ['Psychiatric Conditions', (d) => d.psych_conditions.join('; ')],
  ['Genetic Conditions', (d) => d.genetic_conditions.map((c) => c.condition).join('; ')],
  ['Flag', (d) => d.flag],
];

export function createCartsService(deps: { db: Db; donors: DonorsService }) {
  const { db, donors } = deps;

  /** The collections the caller may read: all for staff, else their own and those they review. */
  function scope(actor: Actor) {
    if (can(actor, 'read', 'TissueCollection')) return undefined;
    return repo.readableCarts(actor.userId, {
      own: can(actor, 'read', 'TissueCollection', { ownerId: actor.userId }),
      reviewed: can(actor, 'read', 'TissueCollection', { reviewerIds: [actor.userId] }),
    });
  }

  async function load(tx: DbOrTx, actor: Actor, id: number, action: 'read' | 'update' | 'delete') {
    const [view] = await repo.cartViews(tx, [id]);
    if (!view) throw new NotFoundError();
    authorize(actor, action, 'TissueCollection', cartSubject(view));
    return view;
  }

  async function present(tx: DbOrTx, actor: Actor, view: repo.CartView, withDonors: boolean) {
    return presentCart(
      actor,
      view,
      withDonors ? await donors.presentIds(tx, actor, view.donorIds) : undefined,
    );
  }

  /** The donors of hashes in the collection's set; unknown and (for researchers) restricted ones refused. */
  async function resolveDonors(tx: DbOrTx, actor: Actor, identifiers: readonly string[], pilot: boolean) {
    const rows = await donors.byHashes(tx, identifiers);
    const byHash = new Map(rows.filter((row) => row.pilot === pilot).map((row) => [row.donorHash, row]));
    const unknown = identifiers.filter((hash) => !byHash.has(hash));
    if (unknown.length > 0) invalid({ identifiers: [CART_MESSAGES.unknownDonors(unknown)] });
    if (!selectsRestricted(actor)) {
      const restricted = identifiers.filter((hash) => byHash.get(hash)!.restricted);
      if (restricted.length > 0) invalid({ identifiers: [CART_MESSAGES.restrictedDonors(restricted)] });
    }
    return identifiers.map((hash) => byHash.get(hash)!.id);
  }

  /** A request the collection may be tied to: the PI's pilot (7) or tissue (8) request, still open to changes. */
  async function checkRequest(tx: DbOrTx, actor: Actor, requestId: number, piId: number, pilot: boolean) {
    const request = await repo.findRequest(tx, requestId);
    if (!request) return invalid({ request: [CART_MESSAGES.requestNotFound] });
    if (request.ownerId !== piId) invalid({ request: [CART_MESSAGES.requestOfAnotherPi] });
    if (!CART_REQUEST_TYPES.includes(request.typeId)) invalid({ request: [CART_MESSAGES.requestType] });
    if ((request.typeId === TISSUE_REQUEST_TYPE.pilot) !== pilot)
      invalid({ request: [CART_MESSAGES.pilotMismatch(pilot)] });
    if (!mayChange(actor, { ownerId: piId, reviewerIds: [] }, request.statusId))
      invalid({ request: [CART_MESSAGES.notEditable(statusName(request.statusId))] });
    const existing = await repo.cartOfRequest(tx, requestId);
    return { request, existing };
  }

  /** Researchers build collections once they may read the catalogue (decision 233). */
  async function assertMayCreate(tx: DbOrTx, actor: Actor) {
    if (can(actor, 'create', 'TissueCollection')) return;
    const abnApproved = await abnApprovedOf(tx, actor.userId);
    if (!can(actor, 'create', 'TissueCollection', { abnApproved }))
      throw new ForbiddenError(DONOR_MESSAGES.noAccess);
  }

  async function history(
    tx: DbOrTx,
    id: number,
    action: 'create' | 'update',
    before: object | null,
    actor: Actor,
  ) {
    const [after] = await repo.cartViews(tx, [id]);
    await recordHistory(tx, {
      model: CART_HISTORY_MODEL,
      objectId: id,
      action,
      before: before as Record<string, unknown> | null,
      after: cartSnapshot(after!),
      by: actor,
    });
  }

  /** GET abn_cart/{id}/ (`?expand=donors` adds the donors themselves). */
  async function get(actor: Actor, id: number, expand: ReadonlySet<string>): Promise<CartDto> {
    return present(db, actor, await load(db, actor, id, 'read'), expand.has('donors'));
  }

  /**
   * What the requests service asks of collections when a pilot or tissue request is filed or
   * edited with `additional_data.cart` (researcher §5 "Inventory-cart tissue").
   */
  const forRequests = {
    async refusal(
      tx: DbOrTx,
      _actor: Actor,
      input: { cartId: number; ownerId: number; typeId: number; requestId: number | null },
    ): Promise<string | null> {
      const [view] = await repo.cartViews(tx, [input.cartId]);
      if (!view) return CART_MESSAGES.notFound;
      if (view.cart.piId !== input.ownerId) return CART_MESSAGES.cartOfAnotherPi;
      if (view.cart.pilot !== (input.typeId === TISSUE_REQUEST_TYPE.pilot))
        return CART_MESSAGES.pilotMismatch(view.cart.pilot);
      if (view.cart.requestId !== null && view.cart.requestId !== input.requestId)
        return CART_MESSAGES.onAnotherRequest;
      if (view.identifiers.length === 0) return CART_MESSAGES.empty;
      return null;
    },

    async attach(tx: DbOrTx, actor: Actor, input: { cartId: number; requestId: number }): Promise<void> {
      for (const freed of await repo.releaseRequest(tx, input.requestId, input.cartId)) {
        await recordHistory(tx, {
          model: CART_HISTORY_MODEL,
          objectId: freed,
          action: 'update',
          before: { request_id: input.requestId },
          after: { request_id: null },
          by: actor,
        });
      }
      const [view] = await repo.cartViews(tx, [input.cartId]);
      if (!view || view.cart.requestId === input.requestId) return;
      await repo.updateCart(tx, input.cartId, { requestId: input.requestId });
      await history(tx, input.cartId, 'update', cartSnapshot(view), actor);
    },
  };

  return {
    forRequests,

    /** GET abn_cart/: the caller's collections (staff: everyone's), newest change first. */
    async list(actor: Actor, query: Query) {
      const list = parseListQuery(cartList, query);
      const page = await selectPageIds(db, cartList, list, scope(actor));
      const views = inPageOrder(page.ids, await repo.cartViews(db, page.ids), (view) => view.cart.id);
      // With `expand=donors`, the donors of the whole page in one read.
      const donorRows = list.expand.has('donors')
        ? new Map(
            (await donors.presentIds(db, actor, [...new Set(views.flatMap((view) => view.donorIds))])).map(
              (donor) => [donor.id, donor],
            ),
          )
        : null;
      const results: CartDto[] = views.map((view) =>
        presentCart(
          actor,
          view,
          donorRows ? view.donorIds.map((donorId) => donorRows.get(donorId)!) : undefined,
        ),
      );
      return { list, count: page.count, results };
    },

    get,

    /**
     * POST abn_cart/: a collection of the caller's own (researchers), or of a researcher and
     * optionally tied to their request (tissue staff).
     */
    async create(actor: Actor, input: CreateCart): Promise<CartDto> {
      const id = await db.transaction(async (tx) => {
        await assertMayCreate(tx, actor);
        const staff = isCollectionStaff(actor);
        if (staff && input.pi == null) invalid({ pi: [CART_MESSAGES.choosePi] });
        const piId = input.pi ?? actor.userId;
        if (!staff && piId !== actor.userId) invalid({ pi: [CART_MESSAGES.ownPiOnly] });
        if (staff && !(await repo.isPrimaryResearcher(tx, piId)))
          invalid({ pi: [CART_MESSAGES.notAResearcher] });
        if (await repo.nameTaken(tx, piId, input.collection_name))
          invalid({ collection_name: [CART_MESSAGES.nameTaken] });
        const donorIds = await resolveDonors(tx, actor, input.identifiers, input.pilot_tissue_cart);
        if (input.request != null) {
          const { existing } = await checkRequest(tx, actor, input.request, piId, input.pilot_tissue_cart);
          if (existing) invalid({ request: [CART_MESSAGES.requestHasCart] });
        }
        const row = await repo.insertCart(tx, {
          piId,
          collectionName: input.collection_name,
          pilot: input.pilot_tissue_cart,
          requestId: input.request ?? null,
          creatorId: actor.userId,
        });
        // A unique index refused it: another call took the name or the request just now.
        if (!row) return invalid({ collection_name: [CART_MESSAGES.nameTaken] });
        await repo.setCartDonors(tx, row.id, donorIds);
        await history(tx, row.id, 'create', null, actor);
        return row.id;
      });
      return get(actor, id, new Set(['donors']));
    },

    /** PATCH abn_cart/{id}/: name, donors, set or request, while the collection may change (staff §4.9). */
    async update(actor: Actor, id: number, input: UpdateCart): Promise<CartDto> {
      await db.transaction(async (tx) => {
        if (!(await repo.lockCart(tx, id))) throw new NotFoundError();
        const view = await load(tx, actor, id, 'update');
        if (!editableBy(actor, view))
          invalid({ non_field_errors: [CART_MESSAGES.notEditable(statusName(view.request!.statusId))] });
        const { cart } = view;
        const name = input.collection_name ?? cart.collectionName;
        if (input.collection_name !== undefined && (await repo.nameTaken(tx, cart.piId, name, id)))
          invalid({ collection_name: [CART_MESSAGES.nameTaken] });
        const pilot = input.pilot_tissue_cart ?? cart.pilot;
        const identifiers = input.identifiers ?? view.identifiers;
        const donorIds = await resolveDonors(tx, actor, identifiers, pilot);
        let requestId = cart.requestId;
        if (input.request !== undefined && input.request !== cart.requestId) {
          if (cart.requestId !== null && input.request !== null)
            invalid({ request: [CART_MESSAGES.onAnotherRequest] });
          if (input.request !== null) {
            const { existing } = await checkRequest(tx, actor, input.request, cart.piId, pilot);
            if (existing) invalid({ request: [CART_MESSAGES.requestHasCart] });
          }
          requestId = input.request;
        } else if (requestId !== null && pilot !== cart.pilot) {
          invalid({ pilot_tissue_cart: [CART_MESSAGES.pilotMismatch(!pilot)] });
        }
        await repo.updateCart(tx, id, { collectionName: name, pilot, requestId });
        await repo.setCartDonors(tx, id, donorIds);
        await history(tx, id, 'update', cartSnapshot(view), actor);
      });
      return get(actor, id, new Set(['donors']));
    },

    /** DELETE abn_cart/{id}/: refused while a request uses the collection (staff §5). */
    async remove(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await repo.lockCart(tx, id))) throw new NotFoundError();
        const view = await load(tx, actor, id, 'delete');
        if (view.cart.requestId !== null) invalid({ non_field_errors: [CART_MESSAGES.hasRequests] });
        await repo.deleteCart(tx, id);
        await recordHistory(tx, {
          model: CART_HISTORY_MODEL,
          objectId: id,
          action: 'delete',
          before: cartSnapshot(view),
          by: actor,
        });
      });
    },

    /** GET abn_cart/{id}/download/: the collection's donors as CSV ("Download Collection as CSV"). */
    async csv(actor: Actor, id: number): Promise<{ name: string; content: string }> {
      const view = await load(db, actor, id, 'read');
      const rows = await donors.presentIds(db, actor, view.donorIds);
      const content = Papa.unparse(
        [
          CSV_COLUMNS.map(([title]) => title),
          ...rows.map((donor) => CSV_COLUMNS.map(([, cell]) => cell(donor) ?? '')),
        ],
        { escapeFormulae: true },
      );
      return { name: `${view.cart.collectionName}.csv`, content: `${content}\r\n` };
    },
  };
}

export type CartsService = ReturnType<typeof createCartsService>;
