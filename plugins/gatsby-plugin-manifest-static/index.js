// Gatsby needs an entry file; the plugin works through its gatsby-node and gatsby-ssr files.
