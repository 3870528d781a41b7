// The process entry. React (server rendering) chooses its production or development build when
// it is first imported, from NODE_ENV; unset, it is the development build, several times slower.
// So the default is set here, before anything imports React (`npm run dev` sets development).
process.env.NODE_ENV ??= 'production';
await import('./server.js');
