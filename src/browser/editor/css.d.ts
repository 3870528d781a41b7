// Stylesheets imported for their side effect: Vite bundles them; tsc only needs to know they exist.
declare module '*.css';
