// Gatsby needs an entry file; the plugin works through gatsby-ssr.js.
