import { loadConfig } from './config';
import { createLogger } from './lib/logger';
import { fail, prepareData, renderDemoAudioInBackground } from './boot/prepare';
import { serveApp } from './boot/serve';

/** Starts the whole product on one port: migrate, seed on first start, serve, shut down cleanly. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const { db, keys } = await prepareData(config, logger);
  serveApp({
    config,
    db,
    keys,
    logger,
    onFatal: fail,
    onListening: (port) => {
      logger.info('listening', { host: config.host, port });
      logger.say(`\n  Ready. Open ${config.publicUrl} in your browser.\n  Data lives in ${config.dataDir}\n`);
      renderDemoAudioInBackground(config, db, logger);
    },
  });
}

main().catch(fail);
