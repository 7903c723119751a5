/** Live group-session streams (SSE) open in this process, for the metrics' gauge. */
export const liveStreams = { open: 0 };
