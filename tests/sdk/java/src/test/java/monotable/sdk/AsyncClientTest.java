package monotable.sdk;

/** The scenario through the async clients (Netty). */
class AsyncClientTest extends ScenarioTest {
  AsyncClientTest() {
    super("async", AsyncDynamo::new);
  }
}
