import { loadConfig } from './config';
import { createLogger } from './lib/logger';
import { dataLine, fail, prepareData, renderDemoAudioInBackground } from './boot/prepare';
import { publicUrlNotice } from './boot/public-url';
import { serveApp } from './boot/serve';
import { globalRegistry, startMetricsListener } from './lib/metrics';
import { scheduleBackups } from './ops/backup/schedule';

/** Starts the whole product on one port: migrate, seed on first start, serve, shut down cleanly. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const { sql, keys } = await prepareData(config, logger);
  if (config.metricsPort !== undefined) {
    const listener = await startMetricsListener(config.metricsPort, async () => ({
      body: await globalRegistry.metrics(),
      contentType: globalRegistry.contentType,
    })).catch((err: unknown) => {
      throw new Error(`METRICS_PORT ${config.metricsPort} on 127.0.0.1 cannot be used: ${String(err)}`);
    });
    logger.info('metrics', { url: `http://127.0.0.1:${listener.port}/metrics` });
  }
  serveApp({
    config,
    sql,
    keys,
    logger,
    onFatal: fail,
    onListening: (port) => {
      logger.info('listening', { host: config.host, port });
      logger.say(`\n  Ready. Open ${config.publicUrl} in your browser.\n  ${dataLine(config)}\n`);
      const notice = publicUrlNotice(config, port);
      if (notice) logger.say(`  ${notice}\n`);
      renderDemoAudioInBackground(config, sql, logger);
      scheduleBackups(config, logger);
    },
  });
}

main().catch(fail);
