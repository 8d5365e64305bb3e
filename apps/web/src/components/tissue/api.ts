import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CartDto, CreateCartInput, DonorDto, DonorFilterOptions, UpdateCartInput } from '@rrp/domain';
import { apiFetch, type ListPage } from '@/lib/api-client';
import { downloadFromApi } from '@/lib/download';

/**
 * The tissue network's calls (staff §7 abn_data, abn_data_pilot, abn_donor, abn_survey, abn_cart),
 * shared by the catalogue, the request page's Collection tab and the homes.
 */

/** The catalogue (abn_data) or the pilot set (abn_data_pilot). */
export type DonorSet = 'catalogue' | 'pilot';
const donorSetPath = (set: DonorSet) => (set === 'pilot' ? 'abn_data_pilot/' : 'abn_data/');

export type DonorQuery = Record<string, string | number | boolean | undefined>;

/** One page of donors of a set, filtered and ordered by the server. */
export function useDonorPage(set: DonorSet, query: DonorQuery, enabled = true) {
  return useQuery({
    queryKey: ['donors', set, query],
    enabled,
    queryFn: () => apiFetch<ListPage<DonorDto>>(donorSetPath(set), { query }),
    placeholderData: keepPreviousData,
  });
}

/**
 * What the filter panel offers in a set; on a collection's page asked for that collection, which its
 * owner may read without the catalogue (issue 30.3).
 */
export function useDonorOptions(set: DonorSet, cart?: number) {
  return useQuery({
    queryKey: ['donor-options', set, cart ?? null],
    queryFn: () =>
      apiFetch<DonorFilterOptions>(`${donorSetPath(set)}options/`, { query: cart ? { cart } : undefined }),
    staleTime: 5 * 60_000,
  });
}

export function useDonor(hash: string | null) {
  return useQuery({
    queryKey: ['donor', hash],
    enabled: Boolean(hash),
    queryFn: () => apiFetch<DonorDto>('abn_donor/', { query: { donor_hash: hash! }, handleStatus: [404] }),
    retry: false,
  });
}

export const downloadDonorDocument = (hash: string, documentId: number, name: string) =>
  downloadFromApi('abn_donor/', { donor_hash: hash, doc_id: documentId }, name);

export const downloadDonorSurvey = (hash: string, surveyType: string) =>
  downloadFromApi('abn_survey/', { donor_hash: hash, survey_type: surveyType }, `${hash}_${surveyType}.csv`);

/** Collections the caller may read (their own, for researchers). */
export function useCarts(query: DonorQuery = {}, enabled = true) {
  return useQuery({
    queryKey: ['carts', query],
    enabled,
    queryFn: () =>
      apiFetch<ListPage<CartDto>>('abn_cart/', { query: { limit: 100, ordering: '-modified', ...query } }),
  });
}

export function useCart(id: number | null) {
  return useQuery({
    queryKey: ['cart', id],
    enabled: id !== null,
    queryFn: () => apiFetch<CartDto>(`abn_cart/${id}/`),
  });
}

/**
 * The request wizard started for one collection ("Request this collection"): the tissue resource
 * of its donor set (a pilot collection asks for pilot tissue, type 7) with the collection chosen.
 */
export const collectionRequestPath = (cart: Pick<CartDto, 'id' | 'pilot_tissue_cart'>) =>
  `/request/create?resource=tissue-${cart.pilot_tissue_cart ? 7 : 8}&collection=${cart.id}`;

export const createCart = (body: CreateCartInput) => apiFetch<CartDto>('abn_cart/', { method: 'POST', body });
export const updateCart = (id: number, body: UpdateCartInput) =>
  apiFetch<CartDto>(`abn_cart/${id}/`, { method: 'PATCH', body });
export const deleteCart = (id: number) => apiFetch<void>(`abn_cart/${id}/`, { method: 'DELETE' });
export const downloadCartCsv = (cart: Pick<CartDto, 'id' | 'collection_name'>) =>
  downloadFromApi(`abn_cart/${cart.id}/download/`, {}, `${cart.collection_name}.csv`);
