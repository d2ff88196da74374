import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config.ts';
import { type DatabaseHandle, openEmbedded, openPostgres } from './db/connection.ts';

/** Written beside the compiled server by its build (scripts/start.mjs); absent when run from source. */
const NEW_CLUSTER_DUMP = fileURLToPath(new URL('./new-cluster.tar', import.meta.url));

// Start-up: the configuration and the database opening; the rest is serve.ts's.
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const opening: Promise<DatabaseHandle> = config.databaseUrl
    ? Promise.resolve(
        openPostgres(config.databaseUrl, config.dbPoolSize, {
          listenUrl: config.databaseListenUrl ?? undefined,
          idleInTransactionMs: config.dbIdleInTransactionMs,
        }),
      )
    : openEmbedded(config.dataDir, { newClusterDump: NEW_CLUSTER_DUMP });
  // Everything else (the web framework, every feature, the migrations, the demo data) loads while
  // the database opens: an embedded one spends much of its start reading its files and compiling
  // its WebAssembly, off this thread. Imported here, it would load before the database began to
  // open. A failure to load shows where it is awaited.
  const loadingServe = import('./serve.ts');
  loadingServe.catch(() => {});
  const database = await opening;
  const { serve } = await loadingServe;
  await serve(config, database);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
