import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../app-env';
import { refuseControlChars } from '../lib/http';
import { accountRoutes } from './accounts/routes';
import { challengeRoutes } from './challenges/routes';
import { leadershipRoutes } from './leadership/routes';
import { mentoringRoutes } from './mentoring/routes';
import { teachingRoutes } from './teaching/routes';
import { catalogueAudioRoutes } from './catalogue-audio/routes';
import { circlesRoutes } from './circles/routes';
import { communityRoutes } from './community/routes';
import { learningRoutes } from './learning/routes';
import { gardenRoutes } from './garden/routes';
import { growthRoutes } from './growth/routes';
import { voiceRoutes } from './growth/voice-routes';
import { voiceAssessmentRoutes } from './voice-assessments/routes';
import { voiceRangeRoutes } from './voice-ranges/routes';
import { listeningRoutes } from './listening/routes';
import { systemRoutes } from './system/routes';
import { wellnessRoutes } from './wellness/routes';
import { templateRoutes } from './templates/routes';
import { pitchExerciseRoutes } from './pitch-exercises/routes';
import { practiceRoutes } from './practice/routes';
import { wellbeingRoutes } from './wellbeing/routes';
import { reminderDeps } from './reminders/deps';
import { remindersRoutes } from './reminders/routes';
import { voiceNoteRoutes } from './voice-notes/routes';
import { echoverseRoutes } from './echoverse/routes';

/** The app's own API under /api: one router per area, each with its own tests. */
export function apiRoutes(deps: AppDeps): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  // Query strings too (bodies are checked by jsonBody): no control character reaches a route.
  api.use('*', async (c, next) => {
    const query = Object.entries(c.req.queries()).map(([k, v]) => [k, v.join('')]);
    refuseControlChars(Object.fromEntries(query), false);
    await next();
  });
  api.route('/', systemRoutes(deps));
  api.route('/', accountRoutes(deps));
  api.route('/', listeningRoutes(deps));
  api.route('/', catalogueAudioRoutes(deps));
  api.route('/', communityRoutes(deps));
  api.route('/', circlesRoutes(deps));
  api.route('/', wellnessRoutes(deps));
  api.route('/', learningRoutes(deps));
  api.route('/', templateRoutes(deps));
  api.route('/', voiceRoutes(deps));
  api.route('/', voiceAssessmentRoutes(deps));
  api.route('/', voiceRangeRoutes(deps));
  api.route('/', pitchExerciseRoutes(deps));
  api.route('/', practiceRoutes(deps));
  api.route('/', growthRoutes(deps));
  api.route('/', wellbeingRoutes(deps));
  api.route('/', gardenRoutes(deps));
  api.route('/', challengeRoutes(deps));
  api.route('/', remindersRoutes(reminderDeps(deps)));
  api.route('/', voiceNoteRoutes(deps));
  api.route('/', echoverseRoutes(deps));
  api.route('/', mentoringRoutes(deps));
  api.route('/', leadershipRoutes(deps));
  api.route('/', teachingRoutes(deps));
  return api;
}
