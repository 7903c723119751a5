export * from './score';
export * from './feedback';
export * from './tuningRoom';
export * from './pitch-range';
