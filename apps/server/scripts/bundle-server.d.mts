/** Bundles `entryPoints` (output name -> source path under apps/server) into `outdir`. */
export function bundleServer(outdir: string, entryPoints: Record<string, string>): Promise<void>;
