/** The spec's numbers, in one place (foundation §9, researcher §9, staff §9). */
export const LIMITS = {
  passwordMinLength: 10,
  virusScanFailedStatus: 412,
  roleCookieDays: 30,
  /**
   * `exactCount`: lists count matching rows exactly up to this many; beyond it they answer the
   * database's estimate, which lists show as 'about' (decision 290).
   */
  list: { defaultLimit: 100, maxLimit: 2000, exactCount: 10_000 },
  table: { pageSize: 10, pageSizeStep: 5, pageButtons: 5, datasetPageSize: 50 },
  search: { minChars: 2, debounceMs: 1000 },
  institutionLookupLimit: 2000,
  combobox: { initialLimit: 30 },
  sampleAvailabilityBatch: 100,
  irbNearExpiryMs: 5_256_000_000,
  /** Request expiry: 3 years (365*3 days) from fulfilment (staff §4.4, §9). */
  requestExpiryDays: 365 * 3,
  field: {
    name: 30,
    title: 254,
    email: 254,
    institutionName: 100,
    ein: 25,
    phone: 30,
    orcid: 20,
  },
  /** Body size limit for JSON calls; uploads have their own limit. */
  jsonBodyBytes: 1024 * 1024,
  /** Uploads and zips (decision 026): the default size limit is overridable with UPLOAD_MAX_MB. */
  files: {
    uploadMaxBytes: 50 * 1024 * 1024,
    nameMaxLength: 255,
    metadataBytes: 64 * 1024,
    zipMaxFiles: 100,
    zipMaxEntries: 10_000,
  },
} as const;
