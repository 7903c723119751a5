import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../app-env';
import { requireUser } from '../../auth/caller';
import { ApiError } from '../../lib/http';
import { createIdempotency } from '../../lib/idempotency';
import { groupItems, presentClass, presentEnrollment, presentProgram } from './present';
import { createLearningRepository } from './repository';
import { parseId } from '../../lib/ids';

/**
 * Expert classes and specialized programs. Premium is a label only: no route gates on it.
 * Enrollments are the caller's own; there is no way to name another member.
 *
 * GET    /expert-content                      200 Class[] (with what each teaches)
 * POST   /expert-content/:id/view             200 {viewCount} | 400 | 404 (once per member)
 * GET    /specialized-programs                200 Program[] (with ordered steps)
 * GET    /my-enrollments                      200 Enrollment[] (with program and next step)
 * POST   /specialized-programs/:id/enroll     201 new | 200 already enrolled: Enrollment | 400 | 404
 * DELETE /specialized-programs/:id/enroll     204 | 400 | 404 not enrolled
 */
export function learningRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const repo = createLearningRepository(deps.sql);
  const auth = requireUser(deps);
  // Enrolments and class views may be made offline and replayed by the app's outbox.
  const idem = createIdempotency(deps);

  const requireProgram = async (raw: string) => {
    const program = await repo.program(parseId(raw, 'program'));
    if (!program) throw new ApiError(404, 'program_not_found', 'There is no program with this id.');
    return program;
  };

  r.get('/expert-content', auth, async (c) => {
    const items = groupItems(await repo.classItems());
    return c.json((await repo.classes()).map((cl) => presentClass(cl, items.get(cl.id) ?? [])));
  });

  r.post('/expert-content/:id/view', auth, async (c) => {
    const key = idem.keyOf(c);
    const classId = parseId(c.req.param('id'), 'class');
    return idem.respond(c, key, async (tx) => {
      const views = await createLearningRepository(tx).view(
        classId,
        c.var.user.id,
        new Date(deps.now()).toISOString(),
      );
      if (views === null) throw new ApiError(404, 'class_not_found', 'There is no class with this id.');
      return { status: 200, body: { viewCount: views } };
    });
  });

  r.get('/specialized-programs', auth, async (c) => {
    const items = groupItems(await repo.programItems());
    return c.json((await repo.programs()).map((p) => presentProgram(p, items.get(p.id) ?? [])));
  });

  r.get('/my-enrollments', auth, async (c) => {
    const items = groupItems(await repo.programItems());
    const programs = new Map((await repo.programs()).map((p) => [p.id, p]));
    return c.json(
      (await repo.enrollments(c.var.user.id)).flatMap((e) => {
        const p = programs.get(e.program_id);
        if (!p) return [];
        const steps = items.get(p.id) ?? [];
        return [{ ...presentEnrollment(e, steps), program: presentProgram(p, steps) }];
      }),
    );
  });

  r.post('/specialized-programs/:id/enroll', auth, async (c) => {
    const key = idem.keyOf(c);
    const program = await requireProgram(c.req.param('id'));
    const steps = groupItems(await repo.programItems()).get(program.id) ?? [];
    return idem.respond(c, key, async (tx) => {
      const at = new Date(deps.now()).toISOString();
      const { row, created } = await createLearningRepository(tx).enroll(c.var.user.id, program.id, at);
      return { status: created ? 201 : 200, body: presentEnrollment(row, steps) };
    });
  });

  r.delete('/specialized-programs/:id/enroll', auth, async (c) => {
    const key = idem.keyOf(c);
    const program = await requireProgram(c.req.param('id'));
    return idem.respond(c, key, async (tx) => {
      if (!(await createLearningRepository(tx).unenroll(c.var.user.id, program.id)))
        throw new ApiError(404, 'not_enrolled', 'You are not enrolled in this program.');
      return { status: 204, body: null };
    });
  });

  return r;
}
