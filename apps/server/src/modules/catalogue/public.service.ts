import {
  isUuid,
  teamRoleName,
  type PublicDatasetDto,
  type PublicResearcherDto,
  type PublicResearcherProfileDto,
} from '@rrp/domain';
import type { Db } from '../../platform/db/database';
import type { FileStorage } from '../../platform/files/storage';
import { NotFoundError } from '../../platform/http/errors';
import { parseListQuery } from '../../platform/list';
import { publicDatasetList, publicResearcherList } from './catalogue.lists';
import * as repo from './catalogue.repo';
import * as researchers from './public.repo';
import { presentPublicDataset } from './catalogue.presenter';

/** What visitors see: public resources and researchers with approved dataset requests (researcher §2). */
export function createPublicCatalogueService(deps: { db: Db; storage: Pick<FileStorage, 'get'> }) {
  const { db } = deps;

  async function extras(rows: repo.DatasetListRow[]) {
    const list = rows.map((row) => row.dataset);
    const [files, related] = await Promise.all([
      repo.filesByIds(
        db,
        list.flatMap((row) =>
          [row.publicDataDictionaryId, row.publicReleaseNotesId].filter((id): id is number => id !== null),
        ),
      ),
      repo.latestByDatasetIds(
        db,
        list.flatMap((row) => row.relatedDatasetIds),
      ),
    ]);
    // Related links lead to public datasets only.
    const visible = new Map([...related].filter(([, dataset]) => dataset.available));
    return { files, related: visible };
  }

  /** The latest available version, by id or by UUID; anything else is a 404. */
  async function loadPublic(key: string): Promise<repo.DatasetListRow> {
    const trimmed = key.trim();
    const row = isUuid(trimmed)
      ? await repo.findDataset(db, { datasetId: trimmed.toLowerCase() })
      : /^\d{1,9}$/.test(trimmed)
        ? await repo.findDataset(db, { id: Number(trimmed) })
        : null;
    if (!row || !row.dataset.available || !row.dataset.isLatest) throw new NotFoundError();
    return row;
  }

  return {
    async listDatasets(query: Record<string, string | undefined>) {
      const list = parseListQuery(publicDatasetList, query);
      const page = await repo.listDatasets(db, list, repo.publicDatasets, list.where === undefined);
      const loaded = await extras(page.rows);
      return {
        list,
        count: page.count,
        results: page.rows.map((row): PublicDatasetDto => presentPublicDataset(row, loaded)),
      };
    },

    async getDataset(key: string): Promise<PublicDatasetDto> {
      const row = await loadPublic(key);
      return presentPublicDataset(row, await extras([row]));
    },

    /** The bytes of a public dataset's data dictionary or release notes. */
    async download(key: string, kind: 'data_dictionary' | 'release_notes') {
      const row = await loadPublic(key);
      const fileId =
        kind === 'data_dictionary' ? row.dataset.publicDataDictionaryId : row.dataset.publicReleaseNotesId;
      const file = fileId === null ? null : await repo.findFile(db, fileId);
      if (!file) throw new NotFoundError();
      return { file, content: await deps.storage.get(file.storageKey) };
    },

    async listResearchers(query: Record<string, string | undefined>) {
      const list = parseListQuery(publicResearcherList, query);
      const page = await researchers.listPublicResearchers(db, list);
      return {
        list,
        count: page.count,
        results: page.rows.map((row): PublicResearcherDto => ({
          id: row.id,
          name: row.name,
          institution_name: row.institutionName,
        })),
      };
    },

    /**
     * A researcher's public page: their projects with an approved (or fulfilled) dataset
     * request, the datasets approved and the current team. Only primary researchers have one.
     */
    async getResearcher(id: number): Promise<PublicResearcherProfileDto> {
      const researcher = await researchers.findPublicResearcher(db, id);
      if (!researcher) throw new NotFoundError();
      const rows = await researchers.approvedRequestsOf(db, id);
      const projects = new Map<number, PublicResearcherProfileDto['projects'][number]>();
      for (const row of rows) {
        let project = projects.get(row.projectId);
        if (!project) {
          project = {
            id: row.projectId,
            // The public wording where the researcher gave one (researcher §3).
            title: row.publicTitle || row.title,
            abstract: row.publicAbstract || row.abstract,
            datasets: [],
            team: [],
          };
          projects.set(row.projectId, project);
        }
        if (
          row.datasetRowId !== null &&
          row.datasetUuid !== null &&
          row.datasetName !== null &&
          !project.datasets.some((dataset) => dataset.dataset_id === row.datasetUuid)
        ) {
          project.datasets.push({ id: row.datasetRowId, dataset_id: row.datasetUuid, name: row.datasetName });
        }
      }
      for (const member of await researchers.teamsOf(db, [...projects.keys()])) {
        projects.get(member.projectId)?.team.push({
          name: `${member.firstName} ${member.lastName}`.trim(),
          role: teamRoleName(member.userRole),
          institution_name: member.institutionName,
        });
      }
      return {
        id: researcher.id,
        name: researcher.name,
        institution_name: researcher.institutionName,
        projects: [...projects.values()],
      };
    },
  };
}

export type PublicCatalogueService = ReturnType<typeof createPublicCatalogueService>;
