// Vitest copies Vite's `import.meta.env.BASE_URL` ('/') into process.env, where it would
// collide with the contract's BASE_URL (the public URL). Tests start without it.
if (process.env.BASE_URL === '/') delete process.env.BASE_URL;
