// The screens' tests (project `app`): Testing Library's `findBy…` and `waitFor` wait for what the
// screen shows, 1 s at most by default, which a busy machine running them at a low priority
// overran (a screen's loading, then its error, took longer to render). The limit is tuned on
// the reference machine and scaled to this one, as every other (scripts/lib/machine-speed.mjs).
import { configure } from '@testing-library/react';
import { scaledTimeout } from './machine-speed.mjs';

configure({ asyncUtilTimeout: scaledTimeout(5000) });
