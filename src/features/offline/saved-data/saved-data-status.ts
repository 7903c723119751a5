import { create } from 'zustand';

/**
 * Whether the signed-in member's saved answers are still being read back from this device:
 * screens wait (loading) rather than say "needs a connection" too early. True from the start,
 * because the saving code loads after the first screen; it sets false once it knows.
 */
export const useSavedDataStatus = create<{ restoring: boolean }>(() => ({ restoring: true }));
