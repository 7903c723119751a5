import { frameOf } from '../../../src/app/route-table';
import { TIER_FEATURES } from '../../../src/domain/tier-features';
import { TIERS } from '../../../src/domain/tiers';
import { userIdOf } from '../growth/support';
import { expect, test } from '../support/fixtures';
import { givePastPractice } from '../support/levels';
import { createOnboardedMember, signInToHome } from '../support/members';

/**
 * The chip walk (issue 30: "every tier-feature chip leads to a real feature"), driven by the
 * registry (src/domain/tier-features.ts). One member is raised level by level with past practice
 * on the ledger; at each level the profile's chips are read: an open feature is a link to its
 * registry href, a locked one says its summary and the level that opens it (in words a screen
 * reader reads: "locked, opens at level N"). Each link is
 * followed at the level that opens it and must land on a real screen: a route of the route table
 * with a heading, not the "not found" page, not the locked panel, no "coming soon". (A feature
 * open at level N stays open above it: the gate compares the level with the registry's, so
 * following every open link again at every level would only repeat the same screens.)
 *
 * Failures are soft and name the feature, so one run lists every feature that does not lead
 * anywhere yet.
 */
test('every tier chip, at every level, leads to a real screen or says what it is and when it opens', async ({
  page,
  request,
}) => {
  const member = await createOnboardedMember(request);
  const userId = userIdOf(await signInToHome(page, member));
  let tokens = 0;
  for (const tier of TIERS) {
    givePastPractice(userId, tier.requiredTokens - tokens);
    tokens = tier.requiredTokens;
    await page.goto('/profile');
    const card = page.getByTestId('tier-features');
    await expect(card.getByText(`open to you · ${tier.level * 2} features`)).toBeVisible();
    // The later levels are folded away: opened as a member would, to read them.
    const later = card.locator('details');
    if ((await later.count()) > 0) await later.locator('summary').click();

    // Every chip's words and link in one read (a round trip per chip made the walk slow).
    const chips = await card.locator('[data-feature]').evaluateAll((els) =>
      els.map((el) => ({
        key: el.getAttribute('data-feature'),
        unlocked: el.getAttribute('data-unlocked'),
        text: (el as HTMLElement).innerText,
        href: el.querySelector('a')?.getAttribute('href') ?? null,
        visible: (el as HTMLElement).offsetParent !== null,
      })),
    );
    for (const f of TIER_FEATURES) {
      const chip = chips.find((c) => c.key === f.key);
      const where = `level ${tier.level}, ${f.key}`;
      if (f.level <= tier.level && f.notYet) {
        // Only the four features other work builds (UNBUILT_ALLOWED, unit-tested): the plain truth, no link.
        expect
          .soft(chip, where)
          .toMatchObject({ unlocked: 'true', text: `${f.title} · ${f.notYet}`, href: null, visible: true });
      } else if (f.level <= tier.level) {
        expect
          .soft(chip, where)
          .toMatchObject({ unlocked: 'true', text: f.title, href: f.href, visible: true });
      } else {
        expect.soft(chip, where).toMatchObject({ unlocked: 'false', href: null, visible: true });
        expect.soft(chip?.text, where).toContain(f.summary);
        expect.soft(chip?.text, where).toContain(`locked, opens at level ${f.level}`);
      }
    }

    for (const f of TIER_FEATURES.filter((x) => x.level === tier.level && !x.notYet)) {
      await card.locator(`[data-feature="${f.key}"] a`).click();
      await expect(page).not.toHaveURL(/\/profile$/);
      // Landed once the screen (a lazy chunk) and its level gate have loaded: no "loading…" left.
      await expect(page.getByRole('heading').first()).toBeVisible();
      await expect(page.getByText(/^loading…$/i)).toHaveCount(0);
      const { pathname } = new URL(page.url());
      const lands = `${f.key} (${f.href})`;
      expect.soft(frameOf(pathname), `${lands}: a route of the route table`).not.toBeNull();
      expect
        .soft(await page.getByRole('heading', { name: 'Page Not Found' }).count(), `${lands}: not found`)
        .toBe(0);
      // Its own lock: a screen may show a later feature locked beside it (/challenges at level 8
      // shows master challenges, level 10, with what opens them).
      const ownLock = page.locator(`[data-testid="feature-locked"][data-feature="${f.key}"]`);
      expect.soft(await ownLock.count(), `${lands}: locked`).toBe(0);
      expect.soft(await page.getByText(/coming soon/i).count(), `${lands}: coming soon`).toBe(0);
      expect.soft(await page.getByRole('heading').count(), `${lands}: a heading`).toBeGreaterThan(0);
      await page.goBack();
      await expect(card).toBeVisible();
    }
  }
});
