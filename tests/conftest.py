from hypothesis import HealthCheck, settings

# This machine is shared and noisy: a per-example deadline would make tests flaky, not safer.
settings.register_profile(
    "scorekeeper", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("scorekeeper")
