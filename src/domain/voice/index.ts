export * from './score';
export * from './feedback';
export * from './tuningRoom';
