"""Contributor Insights through DynamoDB's own API (Update/Describe/ListContributorInsights),
the top keys at GET /monotable/tables/{name}/insights and in /metrics: the hot key comes
first. ContributorInsightsMode is newer than Debian's botocore, so it goes over raw HTTP."""
from botocore.exceptions import ClientError
from prometheus_client.parser import text_string_to_metric_families

from mtutil import create_table, get_json, http_get, make_client, raw_post, unique_name


def test_update_describe_and_list(server):
    client = make_client(server.endpoint)
    name = unique_name()
    create_table(client, name)
    described = client.describe_contributor_insights(TableName=name)
    assert described["ContributorInsightsStatus"] == "DISABLED"
    assert described["ContributorInsightsRuleList"] == []

    updated = client.update_contributor_insights(TableName=name,
                                                 ContributorInsightsAction="ENABLE")
    assert updated["TableName"] == name
    assert updated["ContributorInsightsStatus"] == "ENABLING"
    described = client.describe_contributor_insights(TableName=name)
    assert described["ContributorInsightsStatus"] == "ENABLED"
    rules = described["ContributorInsightsRuleList"]
    assert [r.split("-")[1] for r in rules] == ["PKC", "PKT", "SKC", "SKT"]
    assert all(r.startswith(f"DynamoDBContributorInsights-") and f"-{name}-" in r for r in rules)
    assert "LastUpdateDateTime" in described

    summaries = client.list_contributor_insights(TableName=name)["ContributorInsightsSummaries"]
    assert summaries == [{"TableName": name, "ContributorInsightsStatus": "ENABLED"}] or \
        summaries[0]["ContributorInsightsStatus"] == "ENABLED"

    # THROTTLED_KEYS keeps the throttled rules only.
    raw = raw_post(server.port, "UpdateContributorInsights",
                   {"TableName": name, "ContributorInsightsAction": "ENABLE",
                    "ContributorInsightsMode": "THROTTLED_KEYS"})
    assert raw.status == 200, raw.body
    assert raw.json()["ContributorInsightsMode"] == "THROTTLED_KEYS"
    raw = raw_post(server.port, "DescribeContributorInsights", {"TableName": name})
    assert [r.split("-")[1] for r in raw.json()["ContributorInsightsRuleList"]] == ["PKT", "SKT"]

    client.update_contributor_insights(TableName=name, ContributorInsightsAction="DISABLE")
    assert client.describe_contributor_insights(
        TableName=name)["ContributorInsightsStatus"] == "DISABLED"


def test_errors(server):
    client = make_client(server.endpoint)
    try:
        client.describe_contributor_insights(TableName=unique_name())
        raise AssertionError("no error")
    except ClientError as e:
        assert e.response["Error"]["Code"] == "ResourceNotFoundException"
    name = unique_name()
    create_table(client, name)
    raw = raw_post(server.port, "UpdateContributorInsights",
                   {"TableName": name, "ContributorInsightsAction": "ENABLE",
                    "ContributorInsightsMode": "SOME_KEYS"})
    assert raw.status == 400
    assert raw.error_type() == "ValidationException"
    assert "contributorInsightsMode" in raw.json()["message"]
    raw = raw_post(server.port, "UpdateContributorInsights",
                   {"TableName": name, "IndexName": "nope", "ContributorInsightsAction": "ENABLE"})
    assert raw.error_type() == "ResourceNotFoundException"


def test_the_hot_key_is_listed_first(server):
    client = make_client(server.endpoint)
    name = unique_name()
    create_table(client, name, range_type=None, billing="PAY_PER_REQUEST")
    client.update_contributor_insights(TableName=name, ContributorInsightsAction="ENABLE")
    for i in range(40):
        client.put_item(TableName=name, Item={"PK": {"S": "hot"}, "n": {"N": str(i)}})
        if i % 4 == 0:
            client.put_item(TableName=name, Item={"PK": {"S": f"cold{i}"}})
    for _ in range(10):
        client.get_item(TableName=name, Key={"PK": {"S": "hot"}})

    status, body = get_json(server.port, f"/monotable/tables/{name}/insights")
    assert status == 200, body
    assert body["TableName"] == name
    table = body["Resources"][0]
    assert table["IndexName"] is None
    assert table["ContributorInsightsStatus"] == "ENABLED"
    rules = {r["Rule"]: r["Keys"] for r in table["Rules"]}
    assert set(rules) == {"PKC", "PKT"}  # no sort key: no SK rules
    assert rules["PKC"][0]["Key"] == {"PK": {"S": "hot"}}
    assert rules["PKC"][0]["ConsumedUnits"] >= 45
    assert len(rules["PKC"]) == 10

    text = http_get(server.port, "/metrics")[2]
    top = [s for f in text_string_to_metric_families(text)
           if f.name == "monotable_contributor_insights_key_weight" for s in f.samples
           if s.labels["table"] == name and s.labels["rule"] == "PKC"]
    first = next(s for s in top if s.labels["rank"] == "1")
    assert first.labels["partition_key"] == "hot"

    assert get_json(server.port, "/monotable/tables/nope/insights")[0] == 404
