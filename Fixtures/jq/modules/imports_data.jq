import "config" as $config;
def limit_from_data: $config::config[0].limit;
