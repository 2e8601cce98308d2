"""An agent's SDK clients: another one is made once every client holds REQUESTS_PER_CLIENT
requests in flight, each request goes to the client with the fewest, and an injected HTTP client
means one SDK client only (it would be shared anyway)."""

from __future__ import annotations

from contextlib import ExitStack

import pytest

from lamen.agents.providers import common
from lamen.agents.providers.common import REQUESTS_PER_CLIENT, Clients


def counting() -> tuple[list[int], Clients[int]]:
    made: list[int] = []

    def make() -> int:
        made.append(len(made))
        return made[-1]

    return made, Clients(make, injected=False)


def test_a_client_per_sixteen_in_flight() -> None:
    made, clients = counting()
    with ExitStack() as held:
        used = [held.enter_context(clients.one()) for _ in range(2 * REQUESTS_PER_CLIENT + 1)]
        assert made == [0, 1, 2]
        assert [used.count(client) for client in made] == [REQUESTS_PER_CLIENT, REQUESTS_PER_CLIENT, 1]
    # all answered: the next requests spread over the clients there are, and none is made
    with clients.one() as first, clients.one() as second, clients.one() as third:
        assert (first, second, third) == (0, 1, 2)
    assert made == [0, 1, 2]


def test_one_at_a_time_one_client() -> None:
    made, clients = counting()
    for _ in range(100):
        with clients.one() as client:
            assert client == 0
    assert made == [0]


def test_an_injected_http_client_means_one_sdk_client() -> None:
    clients = Clients(lambda: object(), injected=True)
    with ExitStack() as held:
        used = {id(held.enter_context(clients.one())) for _ in range(3 * REQUESTS_PER_CLIENT)}
    assert used == {id(clients.first)}


def test_no_more_than_max_clients(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "MAX_CLIENTS", 2)
    made, clients = counting()
    with ExitStack() as held:
        for _ in range(5 * REQUESTS_PER_CLIENT):
            held.enter_context(clients.one())
    assert made == [0, 1]
