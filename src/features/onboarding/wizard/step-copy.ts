import type { StepId } from './wizard-model';

/** Headline and one line of guidance per step; the name is woven in once known. */
export function stepCopy(step: StepId, name: string): { title: string; lead: string } {
  const you = name.trim();
  switch (step) {
    case 'welcome':
      return {
        title: 'Welcome to your voice journey',
        lead: 'A few gentle questions help us shape practice around you. It takes about two minutes.',
      };
    case 'philosophy':
      return {
        title: 'Every voice is worth hearing',
        lead: 'There is no right or wrong here, only your voice as it is today. What should we call you?',
      };
    case 'about_you':
      return { title: you ? `A little about you, ${you}` : 'A little about you', lead: 'Both are optional.' };
    case 'comfort':
      return {
        title: 'How comfortable are you with your voice?',
        lead: 'From 1 (not at all) to 10 (completely).',
      };
    case 'intention':
      return {
        title: 'What would you like your practice to give you?',
        lead: 'Choose as many as feel true.',
      };
    case 'stress_followup':
      return { title: 'Where does stress show up for you?', lead: 'Choose any that apply.' };
    case 'feeling':
      return { title: 'How would you like to feel?', lead: 'After a session, you would love to feel…' };
    case 'word':
      return {
        title: 'One word for the voice you want',
        lead: 'A single word to come back to, like “warm” or “free”.',
      };
    case 'practice_timing':
      return { title: 'When do you like to practise?', lead: 'We will suggest sessions that fit.' };
    case 'microphone':
      return {
        title: 'Let your voice be heard',
        lead: 'Enable your microphone for live feedback, or skip for now.',
      };
    case 'complete':
      return {
        title: you ? `You're all set, ${you}` : "You're all set",
        lead: 'Here is what we heard from you.',
      };
  }
}
