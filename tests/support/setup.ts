// Vitest copies Vite's BASE_URL ('/') into process.env, where it would collide with the app's BASE_URL.
if (process.env.BASE_URL === '/') delete process.env.BASE_URL;
