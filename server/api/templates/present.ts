import { cueFile } from '../../seed/templates';
import { templateSteps, type TemplateRow } from './repository';

/** A library entry: the template without its steps' texts. */
export function presentTemplateSummary(row: TemplateRow) {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    category: row.category,
    duration: row.duration_sec,
    difficulty: row.difficulty,
    voiceLevel: row.voice_level,
    steps: templateSteps(row).length,
  };
}

/**
 * The spec's session template (title, description, category, duration in seconds, difficulty,
 * voiceLevel, instructions[{text, duration}]) plus its id, slug and, per step, the URL of its
 * spoken cue (rendered by `npm run cues:render` and served from the built client) and, for a
 * step sung to a target, its pitch exercise's id.
 */
export function presentTemplate(row: TemplateRow) {
  return {
    ...presentTemplateSummary(row),
    instructions: templateSteps(row).map((step, i) => ({
      text: step.text,
      duration: step.duration,
      cue: `/cues/${cueFile(row.slug, i)}`,
      ...(step.exercise ? { exercise: step.exercise } : {}),
    })),
  };
}
