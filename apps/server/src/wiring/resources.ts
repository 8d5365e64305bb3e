import type { Platform } from './platform';
import type { FilesService } from '../modules/files/files.service';
import { createCatalogueService } from '../modules/catalogue/catalogue.service';
import { createPublicCatalogueService } from '../modules/catalogue/public.service';
import { datasetFilePolicy } from '../modules/catalogue/dataset-files.policy';
import { createDonorsService } from '../modules/tissue/donors.service';
import { createCartsService } from '../modules/tissue/carts.service';
import { createTissueOrdersService } from '../modules/tissue/orders.service';
import { createTissueReviewsService } from '../modules/tissue/tissue-reviews.service';

/** What researchers ask for: the data catalogue and the tissue network's donors, collections and orders. */
export function wireResources(platform: Platform, files: FilesService) {
  const { db, storage } = platform;
  const catalogue = createCatalogueService({ db });
  for (const type of ['dataset_file', 'data_dictionary', 'release_notes'] as const) {
    files.registerType(type, datasetFilePolicy(type, catalogue));
  }
  // The Autism BrainNet tissue network (issue 18): donors of the catalogue and the pilot set, and
  // the collections (inventory carts) of donors pilot and tissue requests ask for.
  const donors = createDonorsService({ db, storage });
  return {
    catalogue,
    publicCatalogue: createPublicCatalogueService({ db, storage }),
    donors,
    carts: createCartsService({ db, donors }),
    tissueOrders: createTissueOrdersService({ db, bins: platform.bins, log: platform.log }),
    tissueReviews: createTissueReviewsService({ db }),
  };
}
