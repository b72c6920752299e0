package monotable.sdk;

/** The scenario through the sync clients (the SDK's default sync HTTP client). */
class SyncClientTest extends ScenarioTest {
  SyncClientTest() {
    super("sync", SyncDynamo::new);
  }
}
