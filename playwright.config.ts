import { defineConfig } from '@playwright/test';
import { CHROME_ARGS, CHROME_PATH } from './tests/e2e/support';

/** 4173 as in the README; E2E_PORT lets two checkouts on one machine test side by side. */
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
	testDir: 'tests/e2e',
	testMatch: '**/*.test.ts',
	globalSetup: './tests/e2e/global-setup.ts',
	fullyParallel: true,
	// Two stories at a time on 2 cores. Three were tried (a story alone waits on its pages about
	// a third of its time): in a clean-clone CI run the load average rose to 19 and a story took
	// 20 s on average, where two workers took 10.
	workers: 2,
	// Bounds on a hang, not on speed (speed is the bench's): every test ends with axe-core in
	// two themes and a 320 px check (tests/e2e/a11y.ts), and on 2 cores shared with other
	// work, tests that pass alone ran out of 60 s with nothing wrong (a fault-injection test,
	// the PIN story, the worker update), as a UI answer can out of an expectation's 5 s.
	timeout: 120_000,
	expect: { timeout: 10_000 },
	forbidOnly: !!process.env.CI,
	// One retry in CI, where a loaded machine can starve a timer; a retried pass is reported as flaky.
	retries: process.env.CI ? 1 : 0,
	// Each test's name and time, in CI's log too: where the browser tests' minutes go.
	reporter: 'list',
	use: {
		baseURL,
		// A trace is recorded from a test's first step when it is to be kept on failure, and the
		// recording (a snapshot of the page at every action) cost about a fifth of the browser
		// tests' time: a 34-test subset took 105-116 s with it and 84-91 s without (2026-12-03).
		// CI, which retries once, records only the retry; a run here keeps a failure's trace.
		trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure'
	},
	// `npm run test:e2e` builds first; the preview server serves that build with its service worker.
	webServer: {
		command: `npx vite preview --port ${port} --strictPort`,
		url: baseURL,
		reuseExistingServer: false,
		timeout: 60_000
	},
	projects: [
		{
			name: 'phone',
			use: {
				browserName: 'chromium',
				viewport: { width: 390, height: 844 },
				deviceScaleFactor: 2,
				isMobile: true,
				hasTouch: true,
				launchOptions: { executablePath: CHROME_PATH, args: CHROME_ARGS }
			}
		}
	]
});
