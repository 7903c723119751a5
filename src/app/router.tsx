import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RequireMember } from '../features/auth/RequireMember';
import { NotFoundScreen } from '../features/shell/NotFoundScreen';
import { Layout } from './Layout';
import { landingScreen } from './route-preload';
import { ROUTES } from './route-table';

/**
 * Screens other than sign-in load on demand (Layout's Suspense shows 'loading…'), so the first
 * page a visitor opens downloads only the shell and the sign-in form.
 */
const AdminScreen = lazy(() =>
  import('../features/admin/AdminScreen').then((m) => ({ default: m.AdminScreen })),
);
const ForgotPasswordScreen = lazy(() =>
  import('../features/auth/ForgotPasswordScreen').then((m) => ({ default: m.ForgotPasswordScreen })),
);
const ResetPasswordScreen = lazy(() =>
  import('../features/auth/ResetPasswordScreen').then((m) => ({ default: m.ResetPasswordScreen })),
);
const TestSignupScreen = lazy(() =>
  import('../features/dev/TestSignupScreen').then((m) => ({ default: m.TestSignupScreen })),
);
const IntroScreen = lazy(() =>
  import('../features/intro/IntroScreen').then((m) => ({ default: m.IntroScreen })),
);
const OnboardingStoryScreen = lazy(() =>
  import('../features/onboarding/OnboardingStoryScreen').then((m) => ({ default: m.OnboardingStoryScreen })),
);
const WizardScreen = lazy(() =>
  import('../features/onboarding/wizard/WizardScreen').then((m) => ({ default: m.WizardScreen })),
);
const ProfileScreen = lazy(() =>
  import('../features/profile/ProfileScreen').then((m) => ({ default: m.ProfileScreen })),
);
const DiscoverScreen = lazy(() =>
  import('../features/discover/DiscoverScreen').then((m) => ({ default: m.DiscoverScreen })),
);
const CommunityScreen = lazy(() =>
  import('../features/community/CommunityScreen').then((m) => ({ default: m.CommunityScreen })),
);
const VoiceCirclesScreen = lazy(() =>
  import('../features/circles/VoiceCirclesScreen').then((m) => ({ default: m.VoiceCirclesScreen })),
);
const CircleScreen = lazy(() =>
  import('../features/circles/CircleScreen').then((m) => ({ default: m.CircleScreen })),
);
const LiveSessionScreen = lazy(() =>
  import('../features/circles/LiveSessionScreen').then((m) => ({ default: m.LiveSessionScreen })),
);
const HomeScreen = landingScreen('/home');
const SignUpScreen = landingScreen('/signup');
const SignInScreen = landingScreen('/');
const SignInAtLogin = landingScreen('/login');
const FilteredScreen = lazy(() =>
  import('../features/listening/FilteredScreen').then((m) => ({ default: m.FilteredScreen })),
);
const ListeningRoomScreen = lazy(() =>
  import('../features/listening/ListeningRoomScreen').then((m) => ({ default: m.ListeningRoomScreen })),
);
const TuningRoomScreen = landingScreen('/tuning-room');
const LibraryScreen = lazy(() =>
  import('../features/templates/LibraryScreen').then((m) => ({ default: m.LibraryScreen })),
);
const TemplateSessionScreen = lazy(() =>
  import('../features/templates/TemplateSessionScreen').then((m) => ({ default: m.TemplateSessionScreen })),
);
const VoiceAnalysisScreen = lazy(() =>
  import('../features/tuning/VoiceAnalysisScreen').then((m) => ({ default: m.VoiceAnalysisScreen })),
);
const VoiceRangeScreen = lazy(() =>
  import('../features/voice-range/VoiceRangeScreen').then((m) => ({ default: m.VoiceRangeScreen })),
);
const WellnessScreen = lazy(() =>
  import('../features/wellness/WellnessScreen').then((m) => ({ default: m.WellnessScreen })),
);
const ExpertContentScreen = lazy(() =>
  import('../features/expert-content/ExpertContentScreen').then((m) => ({ default: m.ExpertContentScreen })),
);
const CheckInScreen = lazy(() =>
  import('../features/check-in/CheckInScreen').then((m) => ({ default: m.CheckInScreen })),
);
const EmotionsScreen = lazy(() =>
  import('../features/emotions/EmotionsScreen').then((m) => ({ default: m.EmotionsScreen })),
);

const MentoringScreen = lazy(() =>
  import('../features/mentoring/MentoringScreen').then((m) => ({ default: m.MentoringScreen })),
);
const LeadershipScreen = lazy(() =>
  import('../features/mentoring/LeadershipScreen').then((m) => ({ default: m.LeadershipScreen })),
);
const TeachingScreen = lazy(() =>
  import('../features/mentoring/TeachingScreen').then((m) => ({ default: m.TeachingScreen })),
);
const AdminReviewScreen = lazy(() =>
  import('../features/mentoring/AdminReviewScreen').then((m) => ({ default: m.AdminReviewScreen })),
);
const ChallengesScreen = lazy(() =>
  import('../features/challenges/ChallengesScreen').then((m) => ({ default: m.ChallengesScreen })),
);
const AchievementsScreen = lazy(() =>
  import('../features/growth/AchievementsScreen').then((m) => ({ default: m.AchievementsScreen })),
);
const JourneyProgressScreen = lazy(() =>
  import('../features/growth/JourneyProgressScreen').then((m) => ({ default: m.JourneyProgressScreen })),
);
const StreakRewardsScreen = lazy(() =>
  import('../features/rewards/StreakRewardsScreen').then((m) => ({ default: m.StreakRewardsScreen })),
);
const StreakCalendarScreen = lazy(() =>
  import('../features/growth/StreakCalendarScreen').then((m) => ({ default: m.StreakCalendarScreen })),
);
const VoiceHealthScreen = lazy(() =>
  import('../features/growth/VoiceHealthScreen').then((m) => ({ default: m.VoiceHealthScreen })),
);
const RemindersScreen = lazy(() =>
  import('../features/reminders/RemindersScreen').then((m) => ({ default: m.RemindersScreen })),
);
const SuggestionScreen = lazy(() =>
  import('../features/reminders/SuggestionScreen').then((m) => ({ default: m.SuggestionScreen })),
);
const UnsubscribeScreen = lazy(() =>
  import('../features/reminders/UnsubscribeScreen').then((m) => ({ default: m.UnsubscribeScreen })),
);
const VoiceNotesScreen = lazy(() =>
  import('../features/voice-notes/VoiceNotesScreen').then((m) => ({ default: m.VoiceNotesScreen })),
);
const VocalExercisesScreen = lazy(() =>
  import('../features/vocal-exercises/VocalExercisesScreen').then((m) => ({
    default: m.VocalExercisesScreen,
  })),
);
const TechniqueScreen = lazy(() =>
  import('../features/vocal-exercises/TechniqueScreen').then((m) => ({ default: m.TechniqueScreen })),
);
const EchoverseScreen = lazy(() =>
  import('../features/echoverse/EchoverseScreen').then((m) => ({ default: m.EchoverseScreen })),
);

/** Screens that exist; every other route of the table shows its placeholder. */
const SCREENS: Record<string, RouteObject['element']> = {
  '/': <SignInScreen />,
  '/login': <SignInAtLogin />,
  '/signup': <SignUpScreen />,
  '/forgot-password': <ForgotPasswordScreen />,
  '/reset-password': <ResetPasswordScreen />,
  '/intro': <IntroScreen />,
  // The spec names /welcome without a screen; the intro splash is the app's welcome.
  '/welcome': <Navigate to="/intro" replace />,
  '/onboarding-story': <OnboardingStoryScreen />,
  '/onboarding': (
    <RequireMember>
      <WizardScreen />
    </RequireMember>
  ),
  '/admin': <AdminScreen />,
  '/test-signup': <TestSignupScreen />,
  '/profile': (
    <RequireMember>
      <ProfileScreen />
    </RequireMember>
  ),
  '/home': (
    <RequireMember>
      <HomeScreen />
    </RequireMember>
  ),
  '/community': (
    <RequireMember>
      <CommunityScreen />
    </RequireMember>
  ),
  '/voice-circles': (
    <RequireMember>
      <VoiceCirclesScreen />
    </RequireMember>
  ),
  '/discover': (
    <RequireMember>
      <DiscoverScreen />
    </RequireMember>
  ),
  '/listening-room': (
    <RequireMember>
      <ListeningRoomScreen />
    </RequireMember>
  ),
  '/filtered': (
    <RequireMember>
      <FilteredScreen />
    </RequireMember>
  ),
  '/wellness': (
    <RequireMember>
      <WellnessScreen />
    </RequireMember>
  ),
  '/expert-content': (
    <RequireMember>
      <ExpertContentScreen />
    </RequireMember>
  ),
  '/library': (
    <RequireMember>
      <LibraryScreen />
    </RequireMember>
  ),
  '/session/:templateId': (
    <RequireMember>
      <TemplateSessionScreen />
    </RequireMember>
  ),
  '/achievements': (
    <RequireMember>
      <AchievementsScreen />
    </RequireMember>
  ),
  '/challenges': (
    <RequireMember>
      <ChallengesScreen />
    </RequireMember>
  ),
  '/journey-progress': (
    <RequireMember>
      <JourneyProgressScreen />
    </RequireMember>
  ),
  '/streak-calendar': (
    <RequireMember>
      <StreakCalendarScreen />
    </RequireMember>
  ),
  '/streak-rewards': (
    <RequireMember>
      <StreakRewardsScreen />
    </RequireMember>
  ),
  '/voice-health-insights': (
    <RequireMember>
      <VoiceHealthScreen />
    </RequireMember>
  ),
  '/voice-range': (
    <RequireMember>
      <VoiceRangeScreen />
    </RequireMember>
  ),
  '/check-in': (
    <RequireMember>
      <CheckInScreen />
    </RequireMember>
  ),
  '/emotions': (
    <RequireMember>
      <EmotionsScreen />
    </RequireMember>
  ),
  '/reminders': (
    <RequireMember>
      <RemindersScreen />
    </RequireMember>
  ),
  '/reminders/suggestion': (
    <RequireMember>
      <SuggestionScreen />
    </RequireMember>
  ),
  // Reached from an e-mail, signed in or not: the link's token is the key.
  '/reminders/unsubscribe': <UnsubscribeScreen />,
  '/voice-notes': (
    <RequireMember>
      <VoiceNotesScreen />
    </RequireMember>
  ),
  '/echoverse': (
    <RequireMember>
      <EchoverseScreen />
    </RequireMember>
  ),
  '/vocal-exercises': (
    <RequireMember>
      <VocalExercisesScreen />
    </RequireMember>
  ),
  '/technique': (
    <RequireMember>
      <TechniqueScreen />
    </RequireMember>
  ),
  '/mentoring': (
    <RequireMember>
      <MentoringScreen />
    </RequireMember>
  ),
  '/leadership': (
    <RequireMember>
      <LeadershipScreen />
    </RequireMember>
  ),
  '/teaching': (
    <RequireMember>
      <TeachingScreen />
    </RequireMember>
  ),
  '/admin/review': (
    <RequireMember>
      <AdminReviewScreen />
    </RequireMember>
  ),
  '/tuning-room': <TuningRoomScreen />,
  '/voice-analysis': <VoiceAnalysisScreen />,
};

/** The app's routes, all inside the Layout (also rendered at build time: src/prerender/). */
export function appRoutes(): RouteObject[] {
  const children: RouteObject[] = ROUTES.map(({ path }) => {
    // Every route of the spec's table has its screen now; a new route must bring one.
    const element = SCREENS[path];
    if (!element) throw new Error(`No screen for the route ${path}`);
    return { path, element };
  });
  // Screens reached from a circle (not in the spec's route table): one circle, with its invite
  // link, and its live group session.
  children.push(
    {
      path: '/voice-circles/:id',
      element: (
        <RequireMember>
          <CircleScreen />
        </RequireMember>
      ),
    },
    {
      path: '/voice-circles/:id/live',
      element: (
        <RequireMember>
          <LiveSessionScreen />
        </RequireMember>
      ),
    },
  );
  children.push({ path: '*', element: <NotFoundScreen /> });
  return [{ element: <Layout />, children }];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
