/** Product settings the build can override (VITE_* variables); the defaults match the server's. */
export const PRODUCT_NAME: string = import.meta.env.VITE_PRODUCT_NAME ?? 'Research Resource Portal';
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL ?? 'support@portal.test';
export const COHORT_NAMES = ['SSC', 'SPARK', 'Simons Searchlight', 'AIC', 'ABN'] as const;
