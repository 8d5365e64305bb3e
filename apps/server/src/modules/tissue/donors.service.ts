import Papa from 'papaparse';
import { can, DONOR_MESSAGES, type Actor, type DonorDto, type DonorFilterOptions } from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import type { FileStorage } from '../../platform/files/storage';
import { ForbiddenError, NotFoundError } from '../../platform/http/errors';
import { inPageOrder, oneOf, parseListQuery, selectPageIds, type ParsedList } from '../../platform/list';
import { donorList } from './donors.lists';
import { presentDonor } from './donors.presenter';
import * as repo from './donors.repo';
import { abnApprovedOf } from './tissue-access.service';
import { cartIdsHolding, cartViews } from './carts.repo';
import { cartSubject } from './carts.presenter';
import { authorize } from '../../platform/http/access';

type Query = Record<string, string | undefined>;

/** The two donor sets: the catalogue (abn_data) and the pilot set (abn_data_pilot). */
export type DonorSet = 'catalogue' | 'pilot';

export function createDonorsService(deps: { db: Db; storage: Pick<FileStorage, 'get'> }) {
  const { db, storage } = deps;

  /**
   * Staff read the catalogue; researchers once their ABN data access is approved (the
   * permission table's `hasAbnAccess`, told who the caller is here).
   */
  async function assertCatalogueAccess(tx: DbOrTx, actor: Actor, action: 'list' | 'read') {
    if (can(actor, action, 'TissueDonor')) return;
    const abnApproved = await abnApprovedOf(tx, actor.userId);
    if (!can(actor, action, 'TissueDonor', { abnApproved }))
      throw new ForbiddenError(DONOR_MESSAGES.noAccess);
  }

  /** A collection's donors are for whoever may read the collection (issue 30.3); another's is a 404. */
  async function assertCollectionReadable(tx: DbOrTx, actor: Actor, cartId: number) {
    const [view] = await cartViews(tx, [cartId]);
    if (!view) throw new NotFoundError();
    authorize(actor, 'read', 'TissueCollection', cartSubject(view));
  }

  /** Whether a collection the actor may read holds the donor: its owner opens the donor's page. */
  async function inReadableCollection(tx: DbOrTx, actor: Actor, donorId: number): Promise<boolean> {
    const views = await cartViews(tx, await cartIdsHolding(tx, donorId));
    return views.some((view) => can(actor, 'read', 'TissueCollection', cartSubject(view)));
  }

  async function present(tx: DbOrTx, actor: Actor, rows: repo.DonorRow[]): Promise<DonorDto[]> {
    const relations = await repo.relationsOf(
      tx,
      rows.map((row) => row.id),
    );
    return rows.map((row) => presentDonor(actor, row, relations));
  }

  async function page(actor: Actor, set: DonorSet, list: ParsedList) {
    const found = await selectPageIds(db, donorList, list, repo.inSet(set === 'pilot'));
    const rows = inPageOrder(found.ids, await repo.donorsByIds(db, found.ids), (row) => row.id);
    return { count: found.count, results: await present(db, actor, rows) };
  }

  async function byHash(actor: Actor, hash: string): Promise<repo.DonorRow> {
    const refused = await assertCatalogueAccess(db, actor, 'read').then(
      () => null,
      (error: unknown) => error,
    );
    const row = await repo.donorByHash(db, hash);
    if (refused && !(row && (await inReadableCollection(db, actor, row.id)))) throw refused;
    if (!row) throw new NotFoundError(DONOR_MESSAGES.notFound);
    return row;
  }

  return {
    /** GET abn_data/ and abn_data_pilot/: a page of one set (limit up to 2000, staff §9). */
    async list(actor: Actor, set: DonorSet, query: Query) {
      const list = parseListQuery(donorList, query);
      // `cart=`: only a collection the caller may read (another's answers 404, as it would alone).
      // Whoever may read the collection reads its donors: its owner always sees them, with or
      // without the catalogue (issue 30.3), as do the tissue reviewers of its request.
      if (query.cart !== undefined) {
        await assertCollectionReadable(db, actor, Number(query.cart));
      } else {
        await assertCatalogueAccess(db, actor, 'list');
      }
      return { list, ...(await page(actor, set, list)) };
    },

    /** GET abn_data/{id}/ and abn_data_pilot/{id}/: one donor of that set. */
    async get(actor: Actor, set: DonorSet, id: number): Promise<DonorDto> {
      await assertCatalogueAccess(db, actor, 'read');
      const { results } = await page(actor, set, oneOf(donorList, id));
      if (!results[0]) throw new NotFoundError();
      return results[0];
    },

    /** GET abn_data/options/: the values the filter panel offers in a set. */
    async filterOptions(actor: Actor, set: DonorSet, cartId?: number): Promise<DonorFilterOptions> {
      // The filter panel of a collection's page: its reader filters its donors by the set's values.
      if (cartId !== undefined) await assertCollectionReadable(db, actor, cartId);
      else await assertCatalogueAccess(db, actor, 'list');
      return repo.filterOptions(db, set === 'pilot');
    },

    /** GET abn_donor/?donor_hash=: the donor page (staff §2.8 donor detail). */
    async byHash(actor: Actor, hash: string): Promise<DonorDto> {
      const [dto] = await present(db, actor, [await byHash(actor, hash)]);
      return dto!;
    },

    /** GET abn_donor/?donor_hash=&doc_id=: one of the donor's documents, as a file. */
    async document(actor: Actor, hash: string, documentId: number) {
      const donor = await byHash(actor, hash);
      const found = await repo.donorDocument(db, donor.id, documentId);
      if (!found) throw new NotFoundError(DONOR_MESSAGES.documentNotFound);
      return {
        name: found.file.name,
        contentType: found.file.contentType,
        content: await storage.get(found.file.storageKey),
      };
    },

    /** GET abn_survey/?survey_type=&donor_hash=: the survey's answers as a CSV file. */
    async survey(actor: Actor, hash: string, surveyType: string) {
      const donor = await byHash(actor, hash);
      const survey = await repo.donorSurvey(db, donor.id, surveyType);
      if (!survey) throw new NotFoundError(DONOR_MESSAGES.surveyNotFound(surveyType));
      // Cells a spreadsheet would run as formulae are escaped, as in every CSV the portal writes.
      const csv = Papa.unparse(
        {
          fields: ['donor_hash', 'survey_type', 'item', 'question', 'answer'],
          data: survey.answers.map((answer) => [
            donor.donorHash,
            surveyType,
            answer.item,
            answer.question,
            answer.answer,
          ]),
        },
        { escapeFormulae: true },
      );
      return { name: `${donor.donorHash}_${surveyType}.csv`, content: csv };
    },

    /** Donors by hash in one set, for collections (cart identifiers). */
    async byHashes(tx: DbOrTx, hashes: readonly string[]) {
      return repo.donorsByHashes(tx, hashes);
    },

    /** The donors of some ids, as the API answers them (a collection's donor table). */
    async presentIds(tx: DbOrTx, actor: Actor, ids: readonly number[]) {
      const rows = inPageOrder(ids, await repo.donorsByIds(tx, ids), (row) => row.id);
      return present(tx, actor, rows);
    },
  };
}

export type DonorsService = ReturnType<typeof createDonorsService>;
