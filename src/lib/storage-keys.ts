/**
 * Every browser-storage key the app uses, in one place (spec: core section 3, "Browser storage
 * entries"). The product name prefix keeps them apart from other apps on the same origin.
 */
export const storageKeys = {
  rememberMe: 'tuneful_remember_me',
  sessionExpiry: 'tuneful_session_expiry',
  homeVisited: 'tuneful_home_visited',
  appVisited: 'tuneful_app_visited',
  fromIntro: 'tuneful_from_intro',
  onboardingComplete: 'tuneful_onboarding_complete',
  onboardingAnswers: 'tuneful_onboarding_answers',
  /** A visitor's answers (or skip) waiting for a session (src/features/onboarding/pending-answers.ts). */
  onboardingPending: 'tuneful_onboarding_pending',
  backendEnabled: 'tuneful_backend_enabled',
  backendUrl: 'tuneful_backend_url',
  backendAnonKey: 'tuneful_backend_anon_key',
  voiceSessions: 'tuneful_voice_sessions',
  cuesMuted: 'tuneful_cues_muted',
  /** The session guard's state shared by every page (src/features/auth/session-guard.ts). */
  sessionGuard: 'tuneful_session_guard',
  /** The id the server gave this browser's push subscription (src/features/reminders/push-subscribe.ts). */
  pushDevice: 'tuneful_push_device',
} as const;
