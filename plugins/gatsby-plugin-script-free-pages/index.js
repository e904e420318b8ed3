// Gatsby needs an entry file; the plugin works through its gatsby-ssr and gatsby-node files.
