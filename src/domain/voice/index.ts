export * from './score';
export * from './feedback';
export * from './tuningRoom';
export * from './measurements';
export * from './pitch-range';
export * from './plain-words';
export * from './typical';
