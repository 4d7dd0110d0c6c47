def uses_data: $config::config[0].limit;
