"""Content: YAML data and Tiled maps turned into validated engine objects."""
