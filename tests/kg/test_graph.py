"""Both backends satisfy the one KnowledgeGraph interface that generation and evaluation use."""

from kgbench.kg.graph import KnowledgeGraph
from kgbench.kg.remote import RemoteKG
from kgbench.kg.store import KG


def test_local_and_remote_are_knowledge_graphs():
    local, remote = KG.from_text(""), RemoteKG("http://127.0.0.1:9/sparql")
    assert isinstance(local, KnowledgeGraph) and isinstance(remote, KnowledgeGraph)
    assert local.snapshot_id == "custom" and remote.snapshot_id == "remote:http://127.0.0.1:9/sparql"


def test_something_without_query_is_not_one():
    class NoQuery:
        snapshot_id, memo = "x", {}

    assert not isinstance(NoQuery(), KnowledgeGraph)
