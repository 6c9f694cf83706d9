"""Property-based contract tests (hypothesis): a stateful model of handle use, and an argument
fuzzer that mutates one argument of a valid aclopExecWithHandle call at a time.

Profiles (conftest.py): dev (default), ci (derandomised, bounded), nightly (1000 examples);
choose with HYPOTHESIS_PROFILE.
"""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    consumes,
    invariant,
    rule,
    run_state_machine_as_test,
)

from fixtures.checks import assert_close, expect_code, expect_undamaged
from fixtures.contract import INT32_MAX, INT32_MIN, MutationEnv
from fixtures.contract.cases import add_case
from fixtures.launch import Launcher
from fixtures.runtime import OpFactory
from harness.abi import ERR, is_documented_error
from harness.acl import Scope, Stream

SHAPES = [(4,), (3, 5), (2, 2, 2)]


@pytest.mark.clause("EWH-01")
@pytest.mark.clause("EWH-09")
@pytest.mark.crash_prone
def test_handle_state_machine(acl, models, device, product, numeric_policy):
    """create / exec / bad exec / sync / destroy / destroy-desc in any order; the model says
    which outcomes are legal: valid launches succeed and give the reference after a sync, count
    errors change nothing, destroyed handles are never launched (undefined on hardware)."""
    cases = {s: add_case("float32", s, seed=i, saturation=product.saturation_mode) for i, s in enumerate(SHAPES)}
    models.ensure(*(c.spec for c in cases.values()))

    class HandleMachine(RuleBasedStateMachine):
        handles = Bundle("handles")

        def __init__(self):
            super().__init__()
            self.scope = Scope()
            self.stream = self.scope.add(Stream(acl))
            self.launcher = Launcher(acl, OpFactory(acl, models, self.scope), self.scope, numeric_policy)
            self.pending = []          # prepared cases launched since the last sync
            self.synced = []           # prepared cases whose results must match now

        @rule(target=handles, shape=st.sampled_from(SHAPES))
        def create(self, shape):
            c = cases[shape]
            return self.launcher.prepare(c.spec, c.inputs, c.reference, c.id)

        @rule(p=handles)
        def execute(self, p):
            expect_code(p.launch_raw(stream=self.stream.ptr), 0, clause="EWH-09", what=f"valid launch of {p.case}",
                        acl=acl)
            self.pending.append(p)

        @rule(p=handles, extra=st.integers(1, 3))
        def execute_with_wrong_count(self, p, extra):
            ins = [b.ptr for b in p.in_buffers]
            code = p.launch_raw(num_inputs=len(ins) + extra, inputs=ins + ins[:1] * extra, stream=self.stream.ptr)
            msg = acl.recent_error_message()
            expect_code(code, ERR.ACL_ERROR_OP_INPUT_NOT_MATCH, clause="EWH-02",
                        what=f"{p.case} with numInputs = n+{extra}", message=msg)

        @rule()
        def sync(self):
            self.stream.synchronize()
            self.synced += self.pending
            self.pending = []

        @rule(p=consumes(handles))
        def destroy(self, p):
            if p in self.pending:          # the docs destroy after the sync
                self.sync()
            p.handle.close()

        @rule(shape=st.sampled_from(SHAPES))
        def create_and_destroy_a_desc(self, shape):
            from harness.acl import TensorDesc
            TensorDesc(acl, "float32", shape).close()

        @invariant()
        def synced_results_match(self):
            for p in self.synced:
                assert_close(p.outputs[0].array(), p.reference()[0], clause="EWH-09", case=p.case, policy=numeric_policy)
                expect_undamaged(p.damage(), clause="EWH-05", what=f"{p.case} after the synchronisation")
            self.synced = []

        def teardown(self):
            self.stream.synchronize()
            self.scope.close()

    run_state_machine_as_test(HandleMachine, settings=settings(max_examples=25, stateful_step_count=20,
                                                               deadline=None,
                                                               suppress_health_check=list(HealthCheck)))


_ARG = st.sampled_from(["handle", "numInputs", "inputs[i]", "numOutputs", "outputs[0]", "stream"])


@pytest.mark.clause("EWH-07")
@pytest.mark.crash_prone
@settings(deadline=None, suppress_health_check=list(HealthCheck))
@given(which=_ARG, data=st.data())
def test_one_mutated_argument_gives_a_documented_code_and_changes_nothing(acl, models, product, stream,
                                                                          which, data, numeric_policy):
    case = add_case("float16", (8, 8), saturation=product.saturation_mode)
    with Scope() as s:      # per example: hypothesis runs many in one function-scoped test
        p = Launcher(acl, OpFactory(acl, models, s), s, numeric_policy).prepare(case.spec, case.inputs,
                                                                                case.reference, case.id)
        env = MutationEnv(acl, s)
        ins, outs = [b.ptr for b in p.in_buffers], [b.ptr for b in p.out_buffers]
        kwargs = {"stream": stream.ptr}
        if which == "handle":
            kwargs["handle"] = data.draw(st.sampled_from([None, "destroyed", "buffer", "garbage"]).map(
                lambda k: {None: None, "destroyed": env.destroyed_handle(p), "buffer": ins[0],
                           "garbage": 0x1234_5678}[k]), label="handle")
        elif which in ("numInputs", "numOutputs"):
            n = data.draw(st.one_of(st.integers(INT32_MIN, -1), st.integers(0, 6), st.integers(7, INT32_MAX)),
                          label=which)
            arr = ins if which == "numInputs" else outs
            padded = (arr * 8)[: max(min(n, 7), 0)] + [None]      # NULL sentinel past what is valid
            kwargs.update({"num_inputs": n, "inputs": padded} if which == "numInputs"
                          else {"num_outputs": n, "outputs": padded})
        elif which == "inputs[i]":
            i = data.draw(st.integers(0, len(ins) - 1), label="i")
            bad = data.draw(st.sampled_from(["null", "destroyed", "short", "null-buffer"]), label="element")
            ins[i] = {"null": None, "destroyed": env.destroyed_buffer(), "short": env.short_buffer(p.inputs[i], 64),
                      "null-buffer": env.null_buffer()}[bad]
            kwargs["inputs"] = ins
        elif which == "outputs[0]":
            bad = data.draw(st.sampled_from(["null", "destroyed", "short", "empty"]), label="element")
            outs[0] = {"null": None, "destroyed": env.destroyed_buffer(), "short": env.short_buffer(p.outputs[0], 64),
                       "empty": env.short_buffer(p.outputs[0], p.outputs[0].nbytes)}[bad]
            kwargs["outputs"] = outs
        else:
            kwargs["stream"] = data.draw(st.sampled_from(["destroyed", "garbage"]).map(
                lambda k: env.destroyed_stream() if k == "destroyed" else 0x7777_0000), label="stream")
        # the one "mutation" that is the valid call: a count equal to the handle's (the NULL
        # sentinel lies past it); every other one breaks a rule of EWH-01..04 and must be refused
        valid = (which == "numInputs" and kwargs["num_inputs"] == len(p.in_buffers)) or \
                (which == "numOutputs" and kwargs["num_outputs"] == len(p.out_buffers))
        code = p.launch_raw(**kwargs)
        msg = acl.recent_error_message()
        stream.synchronize()
        out = p.outputs[0].read()
        written = out != p.outputs[0].initial
        problems = p.damage()
        assert not problems, f"[EWH-07] {which}: " + "; ".join(problems)
        if valid:     # accepted and behaved: the output is the reference result
            assert code == 0, f"[EWH-05] the valid call ({which}={kwargs}) was refused with {code}: {msg!r}"
            assert written, f"[EWH-05] the valid call ({which}) returned 0 but wrote no output"
            assert_close(p.outputs[0].array(out), p.reference()[0], clause="EWH-05",
                         case=f"valid call through the fuzzer ({which})", policy=numeric_policy)
        else:         # rejected with a documented code, nothing written
            assert code != 0, f"[EWH-07] the invalid call {which}={kwargs} was accepted (code 0)"
            assert is_documented_error(code), f"[EWH-07] undocumented code {code} for {which}={kwargs}"
            assert not written, f"[EWH-07] rejected call ({which}, code {code}) wrote the output"
