/**
 * The security and CORS headers set before the route runs (server/core/security-headers.ts):
 * every kind of answer carries them, whether the route made it with `c`, returned one of its
 * own (a file served), or threw.
 */
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { describe, expect, it } from 'vitest';
import { API_POLICY, apiCors, securityHeaders } from '../../server/core/security-headers';

const app = new Hono();
app.use('*', securityHeaders("default-src 'self'"));
app.use('/api/*', apiCors(cors({ origin: '*', allowMethods: ['GET', 'POST'] })));
app.get('/api/json', (c) => c.json({ ok: true }, 201));
app.get('/api/own', () => new Response('made without c', { status: 202 }));
app.get('/api/thrown', () => {
	throw new Error('no');
});
app.get(
	'/page',
	() => new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } })
);
app.onError((_e, c) => c.json({ error: 'x' }, 500));

describe('securityHeaders and apiCors', () => {
	it.each([
		['/api/json', 201],
		['/api/own', 202],
		['/api/thrown', 500],
		['/api/none', 404]
	] as const)('%s answers %i with every header', async (path, status) => {
		const res = await app.request(path, { headers: { origin: 'http://localhost:1' } });
		expect(res.status).toBe(status);
		expect(res.headers.get('x-content-type-options')).toBe('nosniff');
		expect(res.headers.get('referrer-policy')).toBe('no-referrer');
		expect(res.headers.get('content-security-policy')).toBe(API_POLICY);
		expect(res.headers.get('access-control-allow-origin')).toBe('*');
	});

	it('gives a page made without c the app’s policy, and no CORS', async () => {
		const res = await app.request('/page');
		expect(res.headers.get('content-security-policy')).toBe("default-src 'self'");
		expect(res.headers.get('x-frame-options')).toBe('DENY');
		expect(res.headers.get('access-control-allow-origin')).toBeNull();
		expect(await res.text()).toBe('<!doctype html>');
	});

	it('answers a preflight with Hono’s cors', async () => {
		const res = await app.request('/api/json', {
			method: 'OPTIONS',
			headers: { origin: 'http://localhost:1', 'access-control-request-method': 'POST' }
		});
		expect(res.status).toBe(204);
		expect(res.headers.get('access-control-allow-origin')).toBe('*');
		expect(res.headers.get('access-control-allow-methods')).toBe('GET,POST');
	});
});
